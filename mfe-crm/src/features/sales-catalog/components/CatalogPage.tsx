import {
  getListSalesCatalogCategoriesQueryKey,
  getListSalesCatalogItemsQueryKey,
  listSalesCatalogCategories,
  listSalesCatalogItems,
  useDeactivateSalesCatalogItem,
  useGetSalesCatalogItemPrice,
  useCreateSalesCatalogItem,
  useUpdateSalesCatalogItem,
  type ListSalesCatalogItemsParams,
  type SalesCatalogItem,
  type SalesCatalogKind,
} from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import type { PageProps } from '@backoffice/routes';
import {
  Alert,
  Badge,
  Button,
  CheckboxField,
  DataTable,
  Drawer,
  Form,
  FormErrors,
  Group,
  MoneyInput,
  NativeSelect,
  NativeSelectField,
  Paper,
  PercentInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextField,
  TextInput,
  Title,
  formatCentavos,
  formatDate,
  notify,
  useZodForm,
  type DataTableColumn,
} from '@backoffice/ui';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import {
  billingLabel,
  CATALOG_FIELD_LABELS,
  catalogFormSchema,
  CYCLE_LABELS,
  EMPTY_ITEM,
  formFromItem,
  itemFromForm,
  KIND_LABELS,
  percentLabel,
  RELEASE_LABELS,
  type CatalogFormOutput,
  type CatalogFormValues,
} from '../api/catalogModel';

const WRITE = 'vendas_catalogo_editar';

const KIND_FILTER = [{ value: '', label: 'Todos os tipos' }, ...Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))];
const ACTIVE_FILTER = [
  { value: 'true', label: 'Ativos' },
  { value: 'false', label: 'Inativos' },
  { value: '', label: 'Ativos e inativos' },
];
const KIND_OPTIONS = Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }));
const CYCLE_OPTIONS = [{ value: '', label: 'Escolha o ciclo' }, ...Object.entries(CYCLE_LABELS).map(([value, label]) => ({ value, label }))];
const RELEASE_OPTIONS = Object.entries(RELEASE_LABELS).map(([value, label]) => ({ value, label }));

/** `/backoffice/vendas/catalogo`: the sales catalog, read by the sales, legal and finance roles, kept by administrators. */
export default function CatalogPage({ route }: PageProps) {
  const mayWrite = usePermission(WRITE);
  const [q, setQ] = useState('');
  const [kind, setKind] = useState('');
  const [category, setCategory] = useState('');
  const [active, setActive] = useState('true');
  const [page, setPage] = useState(1);
  // The drawer: `null` closed, 'new' creating, an item opened.
  const [open, setOpen] = useState<SalesCatalogItem | 'new' | null>(null);
  const params: ListSalesCatalogItemsParams = {
    ...(q ? { q } : {}),
    ...(kind ? { kind: kind as SalesCatalogKind } : {}),
    ...(category ? { category } : {}),
    ...(active ? { active: active === 'true' } : {}),
    page,
    page_size: 50,
  };
  const list = useQuery({
    queryKey: getListSalesCatalogItemsQueryKey(params),
    queryFn: ({ signal }) => listSalesCatalogItems(params, { signal }),
    placeholderData: keepPreviousData,
  });
  const categories = useQuery({
    queryKey: getListSalesCatalogCategoriesQueryKey(),
    queryFn: ({ signal }) => listSalesCatalogCategories({ signal }),
  });
  const filter = (set: (v: string) => void) => (e: { currentTarget: { value: string } }) => {
    set(e.currentTarget.value);
    setPage(1);
  };
  const columns: ReadonlyArray<DataTableColumn<SalesCatalogItem>> = [
    {
      id: 'sku',
      header: 'SKU',
      cell: (i) => (
        <Button variant="subtle" size="compact-sm" onClick={() => setOpen(i)} aria-label={`Abrir ${i.sku}`}>
          {i.sku}
        </Button>
      ),
    },
    { id: 'name', header: 'Nome', cell: (i) => i.name },
    { id: 'kind', header: 'Tipo', cell: (i) => KIND_LABELS[i.kind] },
    { id: 'category', header: 'Categoria', cell: (i) => i.category ?? '—' },
    { id: 'list_price', header: 'Preço de tabela', align: 'right', cell: (i) => formatCentavos(i.list_price) },
    { id: 'billing', header: 'Cobrança', cell: (i) => billingLabel(i) },
    { id: 'discount', header: 'Desconto máx.', align: 'right', cell: (i) => percentLabel(i.max_discount_bp) },
    {
      id: 'status',
      header: 'Situação',
      cell: (i) => (
        <Badge color={i.active ? 'green' : 'gray'} variant="light" tt="none">
          {i.active ? 'Ativo' : 'Inativo'}
        </Badge>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Title order={1}>{route.title}</Title>
      <Paper component="form" role="search" withBorder p="md" radius="md" onSubmit={(e: FormEvent) => e.preventDefault()}>
        <Group align="end" justify="space-between">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" style={{ flex: 1 }}>
            <TextInput label="Buscar" placeholder="SKU, nome ou categoria" type="search" value={q} onChange={filter(setQ)} />
            <NativeSelect label="Tipo" data={KIND_FILTER} value={kind} onChange={filter(setKind)} />
            <NativeSelect
              label="Categoria"
              data={[{ value: '', label: 'Todas as categorias' }, ...(categories.data?.categories ?? []).map((c) => ({ value: c, label: c }))]}
              value={category}
              onChange={filter(setCategory)}
            />
            <NativeSelect label="Situação" data={ACTIVE_FILTER} value={active} onChange={filter(setActive)} />
          </SimpleGrid>
          {mayWrite && <Button onClick={() => setOpen('new')}>Novo item</Button>}
        </Group>
      </Paper>
      <DataTable<SalesCatalogItem>
        id="sales.catalog"
        label="Itens do catálogo"
        columns={columns}
        rows={list.data?.items}
        getRowId={(i) => i.id}
        getRowLabel={(i) => `${i.sku} ${i.name}`}
        pageInfo={list.data}
        loading={list.isFetching}
        error={list.isError ? list.error : null}
        onRetry={() => void list.refetch()}
        onPageChange={setPage}
        emptyMessage="Nenhum item encontrado."
        minWidth={960}
      />
      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        position="right"
        size="lg"
        title={open === 'new' ? 'Novo item do catálogo' : open ? `${open.sku} — ${open.name}` : ''}
      >
        {open !== null &&
          (mayWrite ? (
            <ItemForm key={open === 'new' ? 'new' : `${open.id}-${open.version}`} item={open === 'new' ? null : open} onDone={() => setOpen(null)} />
          ) : open !== 'new' ? (
            <ItemDetails item={open} />
          ) : null)}
      </Drawer>
    </Stack>
  );
}

function useRefreshCatalog() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/v1/sales/catalog') });
  };
}

/** What a reader sees: every field, read-only, and today's price. */
function ItemDetails({ item }: { item: SalesCatalogItem }) {
  const rows: Array<[string, string]> = [
    ['SKU', item.sku],
    ['Tipo', KIND_LABELS[item.kind]],
    ['Categoria', item.category ?? '—'],
    ['Preço de tabela', formatCentavos(item.list_price)],
    ['Cobrança', billingLabel(item)],
    ['Gera comissão', item.commissionable ? 'Sim' : 'Não'],
    ['Desconto máximo', percentLabel(item.max_discount_bp)],
    ...(item.kind === 'produto' ? [['Material do estoque', item.stock_material_id ?? '—'] as [string, string]] : []),
    ...(item.kind === 'procedimento' ? [['Código do procedimento', item.procedure_code ?? '—'] as [string, string]] : []),
    ['Liberação do follow-up', RELEASE_LABELS[item.release_condition]],
    ['Situação', item.active ? 'Ativo' : 'Inativo'],
  ];
  return (
    <Stack gap="md">
      <Table aria-label="Dados do item">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th>{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <TodayPrice item={item} />
    </Stack>
  );
}

/** Today's price: the list price, or a CRM campaign's promotional price running today. */
function TodayPrice({ item }: { item: SalesCatalogItem }) {
  const price = useGetSalesCatalogItemPrice(item.id);
  if (!price.data) return null;
  const p = price.data;
  return (
    <Alert color={p.campaign_id ? 'grape' : 'gray'} variant="light" role="status" title="Preço hoje">
      {p.campaign_id
        ? `${formatCentavos(p.price)} na campanha ${p.campaign_name ?? ''} (até ${p.campaign_ends_on ? formatDate(p.campaign_ends_on) : '—'}); tabela ${formatCentavos(p.list_price)}.`
        : `${formatCentavos(p.price)} (preço de tabela).`}
    </Alert>
  );
}

type V = CatalogFormValues;

/** Create or edit (administrators): a 422 puts the server's message on its field; a stale version says so. */
function ItemForm({ item, onDone }: { item: SalesCatalogItem | null; onDone: () => void }) {
  const refresh = useRefreshCatalog();
  const create = useCreateSalesCatalogItem({ mutation: { onSuccess: refresh } });
  const update = useUpdateSalesCatalogItem({ mutation: { onSuccess: refresh } });
  const deactivate = useDeactivateSalesCatalogItem({ mutation: { onSuccess: refresh } });
  const form = useZodForm(catalogFormSchema, { defaultValues: item ? formFromItem(item) : EMPTY_ITEM });
  const [kind, recurring] = useWatch({ control: form.control, name: ['kind', 'recurring'] });
  const isRecurring = kind === 'plano' || (kind === 'procedimento' && recurring);
  const submit = async (values: CatalogFormOutput) => {
    const data = itemFromForm(values);
    const saved = item
      ? await update.mutateAsync({ id: item.id, data: { ...data, version: item.version, active: values.active } })
      : await create.mutateAsync({ data });
    notify(`Item ${saved.sku} ${item ? 'alterado' : 'cadastrado'}.`, 'success');
    onDone();
  };
  const off = async () => {
    if (!item) return;
    try {
      const saved = await deactivate.mutateAsync({ id: item.id, data: { version: item.version } });
      notify(`Item ${saved.sku} desativado.`, 'success');
      onDone();
    } catch (e) {
      notify(e instanceof Error ? e.message : 'Não foi possível desativar o item.', 'error');
    }
  };
  return (
    <Stack gap="md">
      {item && <TodayPrice item={item} />}
      <Form form={form} onSubmit={submit} labels={CATALOG_FIELD_LABELS} aria-label={item ? 'Editar item do catálogo' : 'Novo item do catálogo'}>
        <Stack gap="sm">
          <FormErrors labels={CATALOG_FIELD_LABELS} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextField<V> name="sku" label="SKU" withAsterisk />
            <NativeSelectField<V> name="kind" label="Tipo" data={KIND_OPTIONS} withAsterisk />
          </SimpleGrid>
          <TextField<V> name="name" label="Nome" withAsterisk />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextField<V> name="category" label="Categoria" placeholder="Injetáveis, Facial, Planos…" />
            <MoneyInput<V> name="list_price" label="Preço de tabela" withAsterisk />
            <PercentInput<V> name="max_discount_bp" label="Desconto máximo" />
            <NativeSelectField<V> name="release_condition" label="Liberação do follow-up" data={RELEASE_OPTIONS} />
          </SimpleGrid>
          {kind === 'procedimento' && <CheckboxField<V> name="recurring" label="Recorrente (pacote com ciclo)" />}
          {isRecurring && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <NativeSelectField<V> name="cycle" label="Ciclo" data={CYCLE_OPTIONS} withAsterisk />
              <TextField<V> name="min_term_cycles" label="Vigência mínima (ciclos)" inputMode="numeric" placeholder="1" />
            </SimpleGrid>
          )}
          {kind === 'produto' && <TextField<V> name="stock_material_id" label="Material do estoque" description="O identificador do material no estoque." />}
          {kind === 'procedimento' && <TextField<V> name="procedure_code" label="Código do procedimento" description="O código da base de cálculo no estoque (TOXINA-BOT)." />}
          <Group gap="lg">
            <CheckboxField<V> name="commissionable" label="Gera comissão" />
            {item && <CheckboxField<V> name="active" label="Ativo" />}
          </Group>
          {item && (
            <Text size="xs" c="dimmed">
              Versão {item.version}, alterado em {formatDate(item.updated_at)}.
            </Text>
          )}
          <Group justify="flex-end">
            {item?.active && (
              <Button variant="default" color="red" onClick={() => void off()} loading={deactivate.isPending}>
                Desativar
              </Button>
            )}
            <Button type="submit" loading={form.formState.isSubmitting}>
              {item ? 'Salvar' : 'Cadastrar item'}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Stack>
  );
}
