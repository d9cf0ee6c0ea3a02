import { listReceivableInstallments, type ListReceivableInstallmentsParams, type Pendency } from '@backoffice/api-client/endpoints';
import {
  Anchor,
  Badge,
  Button,
  DataTable,
  Form,
  FormErrors,
  formatCentavos,
  formatDate,
  Group,
  Link,
  listTableProps,
  Modal,
  NativeSelect,
  NativeSelectField,
  notify,
  SelectField,
  Stack,
  Text,
  TextareaField,
  useListParams,
  useZodForm,
  type DataTableColumn,
} from '@backoffice/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { PENDENCY_ACTION_LABELS, PENDENCY_ACTIONS } from '../api/remittanceModel';
import { usePendencies, useReprocessPendencies, useResolvePendency } from '../api/remittanceQueries';

const STATUS_OPTIONS = [
  { value: 'ABERTA', label: 'Abertas' },
  { value: 'RESOLVIDA', label: 'Resolvidas' },
  { value: 'TODAS', label: 'Todas' },
];

/** The "Pendências" tab: money the retornos could not apply by themselves, each resolved by a person with a reason. */
export function PendenciesTab() {
  const list = useListParams<'situacao'>({ filters: ['situacao'] });
  const situation = list.filters.situacao || 'ABERTA';
  const result = usePendencies({ status: situation === 'TODAS' ? undefined : situation, page: list.page, page_size: list.pageSize });
  const reprocess = useReprocessPendencies();
  const [resolving, setResolving] = useState<Pendency | null>(null);
  const columns: ReadonlyArray<DataTableColumn<Pendency>> = [
    { id: 'kind', header: 'Pendência', cell: (row) => row.label },
    { id: 'nosso_numero', header: 'Nosso número', cell: (row) => <Text ff="monospace" size="sm">{row.nosso_numero}</Text> },
    { id: 'amount', header: 'Valor', align: 'right', cell: (row) => formatCentavos(row.amount_cents) },
    { id: 'date', header: 'Data', cell: (row) => (row.occurrence_date ? formatDate(row.occurrence_date) : '—') },
    { id: 'description', header: 'Descrição', cell: (row) => row.description },
    {
      id: 'return',
      header: 'Retorno',
      cell: (row) => (
        <Anchor component={Link} to={`/remessas?aba=retornos&retorno=${row.return_id}`}>
          Abrir retorno
        </Anchor>
      ),
    },
    {
      id: 'status',
      header: 'Situação',
      cell: (row) =>
        row.status === 'ABERTA' ? (
          <Button size="xs" onClick={() => setResolving(row)} aria-label={`Resolver pendência ${row.nosso_numero}`}>
            Resolver
          </Button>
        ) : (
          <Stack gap={0}>
            <Badge color="green" variant="light" tt="none">
              {row.action ? PENDENCY_ACTION_LABELS[row.action] ?? row.action : 'Resolvida'}
            </Badge>
            {row.reason && (
              <Text size="xs" c="dimmed">
                {row.reason}
              </Text>
            )}
          </Stack>
        ),
    },
  ];
  const runReprocess = async () => {
    try {
      const { resolved } = await reprocess.mutateAsync();
      notify(resolved === 0 ? 'Reprocessado: nenhuma pendência foi resolvida por boletos emitidos depois.' : `Reprocessado: ${resolved} pendência(s) resolvida(s).`, 'success');
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Não foi possível reprocessar.', 'error');
    }
  };
  return (
    <>
      <DataTable
        id="finance.pendencies"
        label="Pendências"
        columns={columns}
        rows={result.data?.items}
        getRowId={(row) => row.id}
        getRowLabel={(row) => `${row.label} ${row.nosso_numero}`}
        pageInfo={result.data}
        loading={result.isFetching}
        error={result.isError ? result.error : null}
        onRetry={() => void result.refetch()}
        countLabel={({ total = 0 }: { total?: number }) => `${total.toLocaleString('pt-BR')} ${total === 1 ? 'pendência' : 'pendências'}`}
        emptyMessage={situation === 'ABERTA' ? 'Nenhuma pendência aberta: os retornos se aplicaram sozinhos.' : 'Nenhuma pendência.'}
        toolbar={
          <Group gap="sm" align="flex-end">
            <NativeSelect label="Situação" data={STATUS_OPTIONS} value={situation} onChange={(e) => list.setFilter('situacao', e.currentTarget.value === 'ABERTA' ? '' : e.currentTarget.value)} />
            <Button variant="default" onClick={() => void runReprocess()} loading={reprocess.isPending}>
              Reprocessar pendências
            </Button>
          </Group>
        }
        minWidth={1100}
        {...listTableProps(list)}
      />
      <Modal opened={resolving !== null} onClose={() => setResolving(null)} title={resolving ? `Resolver: ${resolving.label}` : ''} centered size="lg">
        {resolving && <ResolveForm pendency={resolving} onDone={() => setResolving(null)} />}
      </Modal>
    </>
  );
}

const schema = z
  .object({
    action: z.string().min(1, 'Escolha a ação.'),
    installment_id: z.string().nullable(),
    reason: z.string().trim().min(5, 'Explique em pelo menos 5 caracteres.').max(500, 'No máximo 500 caracteres.'),
  })
  .refine((v) => v.action !== 'VINCULAR_PARCELA' || Boolean(v.installment_id), { path: ['installment_id'], message: 'Informe a parcela a vincular.' });
type Values = z.input<typeof schema>;
const LABELS: Record<string, string> = { action: 'Ação', installment_id: 'Parcela', reason: 'Justificativa' };
const labelOf = (path: string) => LABELS[path] ?? path;

/** Open installments found by título, client or document (the one the money was meant for). */
function useOpenInstallmentSearch(q: string) {
  const params: ListReceivableInstallmentsParams = { status: ['ABERTO', 'BOLETO_EMITIDO', 'REGISTRADO', 'VENCIDO'], q: q || undefined, page_size: 20 };
  return useQuery({ queryKey: ['pendency-installments', q], queryFn: ({ signal }) => listReceivableInstallments(params, { signal }) });
}

function InstallmentChoice() {
  const action = useWatch<Values, 'action'>({ name: 'action' });
  const [search, setSearch] = useState('');
  const found = useOpenInstallmentSearch(search);
  if (action !== 'VINCULAR_PARCELA') return null;
  const options = (found.data?.items ?? []).map((i) => ({ value: i.id, label: `${i.label} · ${i.client_name} · vence ${formatDate(i.due_date)} · saldo ${formatCentavos(i.balance_cents)}` }));
  return (
    <SelectField<Values>
      name="installment_id"
      label="Parcela"
      withAsterisk
      searchable
      data={options}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage="Nenhuma parcela em aberto encontrada"
      placeholder="Título, cliente ou CPF/CNPJ"
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function ResolveForm({ pendency, onDone }: { pendency: Pendency; onDone: () => void }) {
  const resolve = useResolvePendency();
  const form = useZodForm(schema, { defaultValues: { action: '', installment_id: null, reason: '' } });
  const submit = async (values: z.output<typeof schema>) => {
    await resolve.mutateAsync({
      id: pendency.id,
      body: { action: values.action, installment_id: values.action === 'VINCULAR_PARCELA' ? (values.installment_id ?? undefined) : undefined, reason: values.reason },
    });
    notify(`Pendência resolvida: ${PENDENCY_ACTION_LABELS[values.action] ?? values.action}.`, 'success');
    onDone();
  };
  return (
    <Form form={form} onSubmit={submit} labels={labelOf} aria-label="Resolver pendência">
      <Stack gap="sm">
        <FormErrors labels={labelOf} />
        <Text size="sm">{`${pendency.description} · ${formatCentavos(pendency.amount_cents)}`}</Text>
        <NativeSelectField<Values> name="action" label="Ação" withAsterisk data={[{ value: '', label: 'Escolha…' }, ...PENDENCY_ACTIONS]} />
        <InstallmentChoice />
        <TextareaField<Values> name="reason" label="Justificativa" withAsterisk autosize minRows={2} />
        <Group justify="flex-end">
          <Button type="submit" loading={resolve.isPending}>
            Resolver pendência
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
