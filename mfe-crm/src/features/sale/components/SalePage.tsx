import {
  getGetSaleQueryKey,
  getGetSalesCatalogItemPriceQueryKey,
  getSalesCatalogItemPrice,
  listSalesCatalogItems,
  getListSalesCatalogItemsQueryKey,
  useApproveSaleDiscount,
  useConfirmSale,
  useCreateSale,
  useDiscardSale,
  useGetCrmUser,
  useGetSale,
  useListSalesUsers,
  useRejectSaleDiscount,
  useUpdateSale,
  type Sale,
} from '@backoffice/api-client/endpoints';
import { ApiError } from '@backoffice/api-client';
import { usePermission, useSession } from '@backoffice/auth';
import type { PageProps } from '@backoffice/routes';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Link,
  NativeSelect,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Spinner,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
  formatCentavos,
  formatDate,
  formatDateTime,
  notify,
  parseBrazilianDate,
  todayInSaoPaulo,
  useNavigate,
  useSearchParams,
} from '@backoffice/ui';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useClientOptions } from '../../../lib/pickers';
import {
  emptyWizard,
  fieldLabel,
  LEVEL_LABELS,
  METHOD_LABELS,
  needsApproval,
  parsePercent,
  percentLabel,
  percentText,
  planPreview,
  priceLines,
  RECEIVABLE_STATUS_LABELS,
  requestOf,
  stepProblem,
  STEPS,
  wizardOf,
  type PricedLine,
  type WizardState,
} from '../api/saleModel';
import { SALE_STATUS_COLORS, SALE_STATUS_LABELS } from '../../../lib/salesVocabulary';
import { SaleFollowUpPanel } from './SaleFollowUpPanel';
import { SummaryLinksPanel } from './SummaryLinksPanel';

const WRITE = 'vendas_vendas_editar';
const APPROVE = 'vendas_desconto_aprovar';
const SUMMARY_LINKS = 'vendas_links_resumo';
const FOLLOW_UP = 'vendas_followup_ler';

/** `/venda` (a new sale; `?cliente=`, `?oportunidade=` prefill) and `/venda?id=` (a draft continues in the wizard;
 * past the draft it is read-only, with its receivables). */
export default function SalePage({ route }: PageProps) {
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <Stack gap="md">
      <Title order={1}>{route.title}</Title>
      {id ? <ExistingSale key={id} id={id} /> : <Wizard sale={null} initial={emptyWizard(todayInSaoPaulo(), params.get('cliente') ?? '', params.get('oportunidade') ?? '')} />}
    </Stack>
  );
}

function ExistingSale({ id }: { id: string }) {
  const sale = useGetSale(id);
  const mayWrite = usePermission(WRITE);
  const mayLink = usePermission(SUMMARY_LINKS);
  const mayFollow = usePermission(FOLLOW_UP);
  const [params] = useSearchParams();
  if (sale.isPending) return <Spinner />;
  if (sale.isError)
    return (
      <Alert color="red" role="alert" title="Não foi possível abrir a venda">
        {sale.error.message}{' '}
        <Anchor component={Link} to="/venda">
          Nova venda
        </Anchor>
      </Alert>
    );
  const links = mayLink ? <SummaryLinksPanel sale={sale.data} openCreate={params.get('resumo') === '1'} /> : null;
  const proposal = sale.data.status === 'rascunho' || sale.data.status === 'aguardando_aprovacao';
  const discard = proposal && mayWrite ? <DiscardProposal key={sale.data.version} sale={sale.data} /> : null;
  if (sale.data.editable && mayWrite)
    return (
      <Stack gap="md">
        <Wizard key={sale.data.version} sale={sale.data} initial={wizardOf(sale.data)} />
        {discard}
        {links}
      </Stack>
    );
  return (
    <Stack gap="md">
      <SaleDetails sale={sale.data} />
      {discard}
      {mayFollow && <SaleFollowUpPanel sale={sale.data} />}
      {links}
    </Stack>
  );
}

/** *Descartar proposta*: a proposal that will not be sold leaves the sales in hand, with the reason in its history;
 * its summary links stop opening. It does not come back (duplicate it from the list to sell again). */
function DiscardProposal({ sale }: { sale: Sale }) {
  const queryClient = useQueryClient();
  const discard = useDiscardSale();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const submit = async () => {
    try {
      const done = await discard.mutateAsync({ id: sale.id, data: { version: sale.version, reason } });
      notify(`Proposta ${done.number} descartada.`, 'success');
      await queryClient.invalidateQueries({ queryKey: getGetSaleQueryKey(sale.id) });
    } catch {
      // The error is shown under the form.
    }
  };
  if (!open)
    return (
      <Group>
        <Button variant="default" color="red" onClick={() => setOpen(true)}>
          Descartar proposta
        </Button>
      </Group>
    );
  return (
    <Paper withBorder p="md" radius="md" component="form" aria-label="Descartar proposta" onSubmit={(e) => {
      e.preventDefault();
      void submit();
    }}>
      <Stack gap="xs">
        <Text size="sm">A proposta {sale.number} sai das vendas em aberto e os links de resumo deixam de abrir. Isso não se desfaz.</Text>
        <Textarea label="Motivo do descarte" withAsterisk value={reason} onChange={(e) => setReason(e.currentTarget.value)} autosize minRows={2} />
        <ErrorList error={discard.error} />
        <Group>
          <Button type="submit" color="red" loading={discard.isPending}>
            Confirmar descarte
          </Button>
          <Button variant="subtle" onClick={() => setOpen(false)}>
            Voltar
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A 422's fields, each named for people; any other refusal, its message. */
function ErrorList({ error }: { error: unknown }) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : String(error);
  const fields = error instanceof ApiError ? error.fields : [];
  return (
    <Alert color="red" role="alert" title={fields.length ? 'Corrija os campos indicados' : 'Não foi possível concluir'}>
      {fields.length ? (
        <Stack gap={2}>
          {fields.map((f) => (
            <Text size="sm" key={`${f.field}-${f.message}`}>
              <b>{fieldLabel(f.field)}:</b> {f.message}
            </Text>
          ))}
        </Stack>
      ) : (
        message
      )}
    </Alert>
  );
}

interface CatalogPrice {
  unit_price: number;
  list_price: number;
  max_discount_bp: number;
  campaign_name?: string | null;
}

function Wizard({ sale, initial }: { sale: Sale | null; initial: WizardState }) {
  const [step, setStep] = useState(0);
  const [state, setState] = useState<WizardState>(initial);
  const [error, setError] = useState<unknown>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const uid = session.user?.uid ?? '';
  const role = session.user?.role;
  const unlimited = role === 'ADMIN' || role === 'SUPER_ADMIN';
  const profile = useGetCrmUser(uid, { query: { enabled: !!uid && !unlimited, retry: false } });
  const limitBp = unlimited ? null : (profile.data?.discount_limit_bp ?? 0);
  const catalogParams = { active: true, page_size: 200 };
  const catalog = useQuery({
    queryKey: getListSalesCatalogItemsQueryKey(catalogParams),
    queryFn: ({ signal }) => listSalesCatalogItems(catalogParams, { signal }),
  });
  const byId = useMemo(() => new Map((catalog.data?.items ?? []).map((i) => [i.id, i])), [catalog.data]);
  const ids = [...new Set(state.items.map((i) => i.catalog_item_id).filter(Boolean))];
  const priceQueries = useQueries({
    queries: ids.map((id) => ({
      queryKey: getGetSalesCatalogItemPriceQueryKey(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getSalesCatalogItemPrice(id, undefined, { signal }),
    })),
  });
  const prices: Record<string, CatalogPrice | undefined> = {};
  ids.forEach((id, n) => {
    const p = priceQueries[n]?.data;
    const item = byId.get(id);
    if (p && item) prices[id] = { unit_price: p.price, list_price: p.list_price, max_discount_bp: item.max_discount_bp, campaign_name: p.campaign_name };
  });
  const lines = priceLines(state.items, prices);
  const total = lines.reduce((a, l) => a + l.total, 0);
  const problem = stepProblem(step, state, lines, limitBp);
  const create = useCreateSale();
  const update = useUpdateSale();
  const confirm = useConfirmSale();
  const set = (patch: Partial<WizardState>) => setState((s) => ({ ...s, ...patch }));

  const save = async (): Promise<Sale> => {
    const data = requestOf(state);
    return sale ? update.mutateAsync({ id: sale.id, data: { ...data, version: sale.version } }) : create.mutateAsync({ data });
  };
  const saveDraft = async () => {
    setError(null);
    try {
      const saved = await save();
      notify(`Rascunho ${saved.number} salvo.`, 'success');
      void queryClient.invalidateQueries({ queryKey: getGetSaleQueryKey(saved.id) });
      navigate(`/venda?id=${saved.id}`);
    } catch (e) {
      setError(e);
    }
  };
  const saveAndConfirm = async () => {
    setError(null);
    try {
      const saved = await save();
      const done = await confirm.mutateAsync({ id: saved.id, data: { version: saved.version } });
      notify(
        done.status === 'confirmada' ? `Venda ${done.number} confirmada.` : `Venda ${done.number} enviada para aprovação do desconto.`,
        'success',
      );
      await queryClient.invalidateQueries({ queryKey: getGetSaleQueryKey(saved.id) });
      navigate(`/venda?id=${saved.id}`);
    } catch (e) {
      setError(e);
    }
  };
  const busy = create.isPending || update.isPending || confirm.isPending;
  return (
    <Stack gap="md">
      {sale && (
        <Group gap="sm">
          <Text fw={600}>{sale.number}</Text>
          <Badge color={SALE_STATUS_COLORS[sale.status]} variant="light" tt="none">
            {SALE_STATUS_LABELS[sale.status]}
          </Badge>
        </Group>
      )}
      <Paper withBorder p="sm" radius="md">
        <Group gap="xs" wrap="wrap" aria-label="Etapas da venda">
          {STEPS.map((name, n) => (
            <Badge key={name} variant={n === step ? 'filled' : 'light'} color={n < step ? 'green' : n === step ? 'blue' : 'gray'} tt="none" aria-current={n === step ? 'step' : undefined}>
              {n + 1}. {name}
            </Badge>
          ))}
        </Group>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          {STEPS[step]}
        </Title>
        {step === 0 && <ClientStep state={state} set={set} />}
        {step === 1 && <ItemsStep state={state} set={set} catalog={catalog.data?.items ?? []} lines={lines} prices={prices} />}
        {step === 2 && <DiscountsStep state={state} set={set} lines={lines} limitBp={limitBp} />}
        {step === 3 && <SplitStep state={state} set={set} ownerId={sale?.owner_id ?? uid} />}
        {step === 4 && <PaymentStep state={state} set={set} total={total} />}
        {step === 5 && <ReviewStep state={state} lines={lines} total={total} limitBp={limitBp} />}
      </Paper>
      {problem && step < STEPS.length - 1 && (
        <Text c="dimmed" size="sm" role="status">
          {problem}
        </Text>
      )}
      <ErrorList error={error} />
      <Group justify="space-between">
        <Button variant="default" onClick={() => setStep((s) => s - 1)} disabled={step === 0 || busy}>
          Voltar
        </Button>
        {step < STEPS.length - 1 ? (
          <Button onClick={() => setStep((s) => s + 1)} disabled={problem !== null}>
            Avançar
          </Button>
        ) : (
          <Group>
            <Button variant="default" onClick={() => void saveDraft()} loading={create.isPending || update.isPending}>
              Salvar rascunho
            </Button>
            <Button onClick={() => void saveAndConfirm()} loading={confirm.isPending} disabled={busy}>
              Confirmar venda
            </Button>
          </Group>
        )}
      </Group>
    </Stack>
  );
}

type StepProps = { state: WizardState; set: (patch: Partial<WizardState>) => void };

function ClientStep({ state, set }: StepProps) {
  const [search, setSearch] = useState('');
  const options = useClientOptions(search);
  const data = state.client_id && !options.some((o) => o.value === state.client_id) ? [{ value: state.client_id, label: state.client_label || state.client_id }, ...options] : options;
  return (
    <Select
      label="Cliente"
      placeholder="Busque por nome, documento, e-mail ou telefone"
      searchable
      data={data}
      value={state.client_id || null}
      onChange={(value, option) => set({ client_id: value ?? '', client_label: option?.label ?? '' })}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage="Nenhum cliente encontrado."
      withAsterisk
    />
  );
}

function ItemsStep({
  state,
  set,
  catalog,
  lines,
  prices,
}: StepProps & { catalog: Array<{ id: string; sku: string; name: string }>; lines: PricedLine[]; prices: Record<string, CatalogPrice | undefined> }) {
  const options = catalog.map((i) => ({ value: i.id, label: `${i.sku} — ${i.name}` }));
  const change = (n: number, patch: Partial<WizardState['items'][number]>) => set({ items: state.items.map((l, i) => (i === n ? { ...l, ...patch } : l)) });
  return (
    <Stack gap="sm">
      {state.items.map((line, n) => {
        const price = prices[line.catalog_item_id];
        return (
          <Group key={n} align="end" wrap="wrap">
            <Select
              label={`Item ${n + 1}`}
              searchable
              data={options}
              value={line.catalog_item_id || null}
              onChange={(value) => change(n, { catalog_item_id: value ?? '' })}
              style={{ flex: 1, minWidth: 260 }}
              nothingFoundMessage="Nenhum item encontrado."
            />
            <TextInput
              label="Quantidade"
              inputMode="numeric"
              w={110}
              value={String(line.quantity)}
              onChange={(e) => change(n, { quantity: Number(e.currentTarget.value.replace(/\D/g, '')) || 0 })}
            />
            <Stack gap={0} w={220}>
              <Text size="xs" c="dimmed">
                Preço unitário
              </Text>
              <Text size="sm">
                {price ? formatCentavos(price.unit_price) : '—'}
                {price?.campaign_name ? ` (campanha ${price.campaign_name}; tabela ${formatCentavos(price.list_price)})` : ''}
              </Text>
            </Stack>
            <Text size="sm" w={120} ta="right">
              {formatCentavos(lines[n]?.gross ?? 0)}
            </Text>
            <Button variant="subtle" color="red" onClick={() => set({ items: state.items.filter((_, i) => i !== n) })} aria-label={`Remover item ${n + 1}`}>
              Remover
            </Button>
          </Group>
        );
      })}
      <Group>
        <Button variant="light" onClick={() => set({ items: [...state.items, { catalog_item_id: '', quantity: 1, discount_bp: 0 }] })}>
          Adicionar item
        </Button>
      </Group>
    </Stack>
  );
}

function DiscountsStep({ state, set, lines, limitBp }: StepProps & { lines: PricedLine[]; limitBp: number | null }) {
  const [texts, setTexts] = useState(() => state.items.map((i) => percentText(i.discount_bp)));
  const max = Math.max(0, ...lines.map((l) => l.discount_bp));
  const scale = Math.max(limitBp ?? 0, max, 1);
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Text size="sm">
          {limitBp === null ? 'Seu limite de desconto: sem limite (administrador).' : `Seu limite de desconto: ${percentLabel(limitBp)}. Acima dele, a venda aguarda a aprovação do gerente (ou do administrador).`}
        </Text>
        {limitBp !== null && (
          <Progress
            value={Math.min(100, (max / scale) * 100)}
            color={max > limitBp ? 'orange' : 'green'}
            aria-label={`Maior desconto ${percentLabel(max)} de um limite de ${percentLabel(limitBp)}`}
          />
        )}
      </Stack>
      <Table aria-label="Descontos por item">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">Bruto</Table.Th>
            <Table.Th>Desconto (%)</Table.Th>
            <Table.Th ta="right">Desconto</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l, n) => (
            <Table.Tr key={n}>
              <Table.Td>Item {n + 1}</Table.Td>
              <Table.Td ta="right">{formatCentavos(l.gross)}</Table.Td>
              <Table.Td>
                <TextInput
                  aria-label={`Desconto do item ${n + 1} (%)`}
                  w={110}
                  value={texts[n] ?? ''}
                  description={`máx. ${percentLabel(l.max_discount_bp)}`}
                  error={parsePercent(texts[n] ?? '') === null ? 'Percentual inválido' : l.discount_bp > l.max_discount_bp ? 'Acima do máximo' : undefined}
                  onChange={(e) => {
                    const text = e.currentTarget.value;
                    setTexts((t) => t.map((x, i) => (i === n ? text : x)));
                    const bp = parsePercent(text);
                    if (bp !== null) set({ items: state.items.map((it, i) => (i === n ? { ...it, discount_bp: bp } : it)) });
                  }}
                />
              </Table.Td>
              <Table.Td ta="right">{formatCentavos(l.discount)}</Table.Td>
              <Table.Td ta="right">{formatCentavos(l.total)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {needsApproval(lines, limitBp) && (
        <Alert color="yellow" variant="light" role="status">
          O maior desconto ({percentLabel(max)}) passa do seu limite: ao confirmar, a venda aguarda aprovação.
        </Alert>
      )}
    </Stack>
  );
}

function SplitStep({ state, set, ownerId }: StepProps & { ownerId: string }) {
  const users = useListSalesUsers();
  const options = (users.data ?? []).map((u) => ({ value: u.uid, label: u.name }));
  const [texts, setTexts] = useState(() => state.split.map((s) => percentText(s.share_bp)));
  const sum = state.split.reduce((a, s) => a + s.share_bp, 0);
  const start = () => {
    set({ split: [{ user_id: ownerId, share_bp: 10_000 }] });
    setTexts(['100']);
  };
  return (
    <Stack gap="sm">
      {state.split.length === 0 ? (
        <Group>
          <Text size="sm">A venda é toda sua (100%).</Text>
          <Button variant="light" onClick={start}>
            Dividir com outros vendedores
          </Button>
        </Group>
      ) : (
        <>
          {state.split.map((s, n) => (
            <Group key={n} align="end">
              <Select
                label={`Vendedor ${n + 1}`}
                searchable
                data={options}
                value={s.user_id || null}
                onChange={(value) => set({ split: state.split.map((x, i) => (i === n ? { ...x, user_id: value ?? '' } : x)) })}
                style={{ flex: 1 }}
              />
              <TextInput
                label="Participação (%)"
                w={140}
                value={texts[n] ?? ''}
                onChange={(e) => {
                  const text = e.currentTarget.value;
                  setTexts((t) => t.map((x, i) => (i === n ? text : x)));
                  const bp = parsePercent(text);
                  if (bp !== null) set({ split: state.split.map((x, i) => (i === n ? { ...x, share_bp: bp } : x)) });
                }}
              />
              <Button
                variant="subtle"
                color="red"
                onClick={() => {
                  set({ split: state.split.filter((_, i) => i !== n) });
                  setTexts((t) => t.filter((_, i) => i !== n));
                }}
              >
                Remover
              </Button>
            </Group>
          ))}
          <Group justify="space-between">
            <Button
              variant="light"
              onClick={() => {
                set({ split: [...state.split, { user_id: '', share_bp: 0 }] });
                setTexts((t) => [...t, '0']);
              }}
            >
              Adicionar vendedor
            </Button>
            <Text size="sm" c={sum === 10_000 ? 'green' : 'red'} role="status">
              Soma: {percentLabel(sum)}
            </Text>
          </Group>
        </>
      )}
    </Stack>
  );
}

function PaymentStep({ state, set, total }: StepProps & { total: number }) {
  const [dueText, setDueText] = useState(() => (state.first_due_date ? formatDate(state.first_due_date) : ''));
  const card = state.payment_method === 'cartao';
  const count = card ? state.card_installments : state.installment_count;
  const plan = planPreview(state, total);
  const sum = plan.reduce((a, p) => a + p.amount, 0);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <NativeSelect
          label="Forma de pagamento"
          data={Object.entries(METHOD_LABELS).map(([value, label]) => ({ value, label }))}
          value={state.payment_method}
          onChange={(e) => set({ payment_method: e.currentTarget.value as WizardState['payment_method'] })}
        />
        <NativeSelect
          label={card ? 'Parcelas no cartão' : 'Parcelas'}
          data={Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: `${i + 1}×` }))}
          value={String(count)}
          onChange={(e) => {
            const n = Number(e.currentTarget.value);
            set(card ? { card_installments: n } : { installment_count: n });
          }}
        />
        <TextInput
          label="Primeiro vencimento"
          placeholder="dd/mm/aaaa"
          value={dueText}
          error={dueText && !parseBrazilianDate(dueText) ? 'Data inválida: use dd/mm/aaaa.' : undefined}
          onChange={(e) => {
            const text = e.currentTarget.value;
            setDueText(text);
            set({ first_due_date: parseBrazilianDate(text) ?? '' });
          }}
        />
      </SimpleGrid>
      <Table aria-label="Plano de pagamento">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Parcela</Table.Th>
            <Table.Th>Vencimento</Table.Th>
            <Table.Th ta="right">Valor</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {plan.map((p, n) => (
            <Table.Tr key={n}>
              <Table.Td>
                {n + 1}/{plan.length}
              </Table.Td>
              <Table.Td>{p.due_date ? formatDate(p.due_date) : '—'}</Table.Td>
              <Table.Td ta="right">{formatCentavos(p.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c={sum === total ? 'green' : 'red'} role="status">
        Soma das parcelas: {formatCentavos(sum)} de {formatCentavos(total)} (a diferença de centavos fica na primeira).
      </Text>
    </Stack>
  );
}

function ReviewStep({ state, lines, total, limitBp }: { state: WizardState; lines: PricedLine[]; total: number; limitBp: number | null }) {
  const discount = lines.reduce((a, l) => a + l.discount, 0);
  const plan = planPreview(state, total);
  return (
    <Stack gap="xs">
      <Text>
        <b>Cliente:</b> {state.client_label || state.client_id}
      </Text>
      <Text>
        <b>Itens:</b> {lines.length} · <b>Descontos:</b> {formatCentavos(discount)} · <b>Total:</b> {formatCentavos(total)}
      </Text>
      <Text>
        <b>Pagamento:</b> {METHOD_LABELS[state.payment_method]} em {plan.length}× · primeiro vencimento {state.first_due_date ? formatDate(state.first_due_date) : '—'}
      </Text>
      <Text>
        <b>Divisão:</b> {state.split.length === 0 ? '100% seu' : state.split.map((s) => percentLabel(s.share_bp)).join(' + ')}
      </Text>
      {needsApproval(lines, limitBp) && (
        <Alert color="yellow" variant="light">
          Há desconto acima do seu limite: ao confirmar, a venda aguarda a aprovação do gerente.
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        Os preços e os totais são conferidos de novo pelo servidor ao salvar.
      </Text>
    </Stack>
  );
}

/** A sale past the draft: read-only, with its receivables (payment data where finance has it) and its approvals. */
function SaleDetails({ sale }: { sale: Sale }) {
  const mayApprove = usePermission(APPROVE);
  const session = useSession();
  const queryClient = useQueryClient();
  const approve = useApproveSaleDiscount();
  const reject = useRejectSaleDiscount();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<unknown>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: getGetSaleQueryKey(sale.id) });
  const decide = async (yes: boolean) => {
    setError(null);
    try {
      const done = yes
        ? await approve.mutateAsync({ id: sale.id, data: { version: sale.version } })
        : await reject.mutateAsync({ id: sale.id, data: { version: sale.version, reason } });
      notify(yes ? `Desconto aprovado; venda ${done.number} confirmada.` : `Desconto recusado; venda ${done.number} voltou a rascunho.`, 'success');
    } catch (e) {
      setError(e);
    }
    refresh();
  };
  const waiting = sale.status === 'aguardando_aprovacao';
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" align="start">
          <Stack gap={2}>
            <Group gap="sm">
              <Text fw={700} size="lg">
                {sale.number}
              </Text>
              <Badge color={SALE_STATUS_COLORS[sale.status]} variant="light" tt="none">
                {SALE_STATUS_LABELS[sale.status]}
              </Badge>
            </Group>
            <Text size="sm">
              Cliente:{' '}
              <Anchor component={Link} to={`/cliente?id=${sale.client_id}`}>
                {sale.client_name}
              </Anchor>
            </Text>
            <Text size="sm">Vendedor: {sale.owner_name ?? sale.owner_id}</Text>
            <Text size="sm">Preços de {formatDate(sale.price_date)}</Text>
            {sale.marketing_link_code && (
              <Text size="sm">
                Veio pelo link de marketing{' '}
                <Text span ff="monospace">
                  /l/{sale.marketing_link_code}
                </Text>
              </Text>
            )}
            {sale.confirmed_at && <Text size="sm">Confirmada em {formatDateTime(sale.confirmed_at)}</Text>}
          </Stack>
          <Stack gap={0} align="end">
            <Text size="sm" c="dimmed">
              Total
            </Text>
            <Text fw={700} size="xl">
              {formatCentavos(sale.total)}
            </Text>
            <Text size="xs" c="dimmed">
              Tabela {formatCentavos(sale.list_total)} · descontos {formatCentavos(sale.discount_total)}
            </Text>
          </Stack>
        </Group>
      </Paper>
      {sale.status === 'descartada' ? (
        <Text size="sm" c="dimmed">
          Proposta descartada: não será vendida (duplique-a na lista para vender de novo).
        </Text>
      ) : !sale.editable && sale.status !== 'aguardando_aprovacao' ? (
        <Text size="sm" c="dimmed">
          Venda confirmada: itens e plano de pagamento não podem mais ser alterados (cancele e venda de novo).
        </Text>
      ) : null}
      {waiting && (
        <Alert color="yellow" title={`Aguardando aprovação do ${LEVEL_LABELS[sale.approval_level].toLowerCase()}`}>
          <Stack gap="xs">
            <Text size="sm">Maior desconto: {percentLabel(sale.max_discount_bp)}.</Text>
            {mayApprove && session.user?.uid !== sale.owner_id && (
              <>
                <Group>
                  <Button onClick={() => void decide(true)} loading={approve.isPending}>
                    Aprovar desconto
                  </Button>
                </Group>
                <Textarea label="Motivo da recusa" value={reason} onChange={(e) => setReason(e.currentTarget.value)} autosize minRows={2} />
                <Group>
                  <Button variant="default" color="red" onClick={() => void decide(false)} loading={reject.isPending}>
                    Recusar desconto
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        </Alert>
      )}
      <ErrorList error={error} />
      <Title order={2} size="h4">
        Itens
      </Title>
      <Table aria-label="Itens da venda">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">Qtd.</Table.Th>
            <Table.Th ta="right">Preço unitário</Table.Th>
            <Table.Th ta="right">Desconto</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sale.items.map((i, n) => (
            <Table.Tr key={n}>
              <Table.Td>
                {i.sku} — {i.description}
              </Table.Td>
              <Table.Td ta="right">{i.quantity}</Table.Td>
              <Table.Td ta="right">
                {formatCentavos(i.unit_price)}
                {i.campaign_id ? ' (campanha)' : ''}
              </Table.Td>
              <Table.Td ta="right">
                {formatCentavos(i.discount)} ({percentLabel(i.discount_bp)})
              </Table.Td>
              <Table.Td ta="right">{formatCentavos(i.total)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm">
        <b>Divisão:</b> {sale.split.map((s) => `${s.name ?? s.user_id} ${percentLabel(s.share_bp)}`).join(' · ')}
      </Text>
      <Title order={2} size="h4">
        {sale.receivables.length ? 'Recebíveis' : 'Plano de pagamento'}
      </Title>
      <Text size="sm">
        {METHOD_LABELS[sale.payment_method]}
        {sale.payment_method === 'cartao' ? ` em ${sale.card_installments}×` : ''}
      </Text>
      {sale.receivables.length ? (
        <Table aria-label="Recebíveis da venda">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Parcela</Table.Th>
              <Table.Th>Vencimento</Table.Th>
              <Table.Th ta="right">Valor</Table.Th>
              <Table.Th>Situação</Table.Th>
              <Table.Th>Dados de pagamento</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sale.receivables.map((r) => (
              <Table.Tr key={r.installment_id}>
                <Table.Td>{r.number}</Table.Td>
                <Table.Td>{formatDate(r.due_date)}</Table.Td>
                <Table.Td ta="right">{formatCentavos(r.amount)}</Table.Td>
                <Table.Td>
                  {RECEIVABLE_STATUS_LABELS[r.status] ?? r.status}
                  {r.overdue ? ' (vencida)' : ''}
                </Table.Td>
                <Table.Td>
                  {r.linha_digitavel ? (
                    <Text size="xs" ff="monospace">
                      {r.linha_digitavel}
                    </Text>
                  ) : r.pix_copia_e_cola ? (
                    <Text size="xs" ff="monospace">
                      {r.pix_copia_e_cola}
                    </Text>
                  ) : (
                    <Text size="xs" c="dimmed">
                      {sale.payment_method === 'cartao' ? 'Cobrança no cartão' : 'Boleto ainda não emitido pelo financeiro'}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Table aria-label="Plano de pagamento">
          <Table.Tbody>
            {sale.installments.map((p) => (
              <Table.Tr key={p.seq}>
                <Table.Td>
                  {p.seq}/{sale.installments.length}
                </Table.Td>
                <Table.Td>{formatDate(p.due_date)}</Table.Td>
                <Table.Td ta="right">{formatCentavos(p.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {sale.approvals.length > 0 && (
        <>
          <Title order={2} size="h4">
            Aprovações de desconto
          </Title>
          <Table aria-label="Aprovações de desconto">
            <Table.Tbody>
              {sale.approvals.map((a, n) => (
                <Table.Tr key={n}>
                  <Table.Td>{a.approved ? 'Aprovado' : 'Recusado'}</Table.Td>
                  <Table.Td>{a.approver_name ?? a.approver_id}</Table.Td>
                  <Table.Td>
                    {percentLabel(a.value_bp)} (limite {a.approver_limit_bp == null ? 'sem limite' : percentLabel(a.approver_limit_bp)})
                  </Table.Td>
                  <Table.Td>{formatDateTime(a.decided_at)}</Table.Td>
                  <Table.Td>{a.reason ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}
