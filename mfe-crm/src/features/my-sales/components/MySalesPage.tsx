import {
  duplicateSale,
  getGetSalesMonthProgressQueryKey,
  getListSalesQueryKey,
  getSalesMonthProgress,
  listSales,
  type ListSalesParams,
  type SaleStatus,
  type SaleSummary,
} from '@backoffice/api-client/endpoints';
import { usePermission, useSession } from '@backoffice/auth';
import type { PageProps } from '@backoffice/routes';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  DataTable,
  Group,
  Link,
  NativeSelect,
  Paper,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
  formatCentavos,
  formatDate,
  notify,
  todayInSaoPaulo,
  useNavigate,
  type DataTableColumn,
} from '@backoffice/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { addMonths, monthLabel } from '../../../lib/months';
import { SALE_STATUS_COLORS, SALE_STATUS_LABELS } from '../../../lib/salesVocabulary';
import { attainmentText, barValue, defaultWhose, whoseOptions, type Whose } from '../api/mySalesModel';

const READ = 'vendas_vendas_ler';
const WRITE = 'vendas_vendas_editar';
const SUMMARY_LINKS = 'vendas_links_resumo';
const CLOSED_FOR_LINKS: ReadonlySet<SaleStatus> = new Set<SaleStatus>(['cancelada', 'cancelamento_solicitado', 'descartada']);

const STATUS_FILTER = [{ value: '', label: 'Todas as situações' }, ...Object.entries(SALE_STATUS_LABELS).map(([value, label]) => ({ value, label }))];

/**
 * `/minhas-vendas`: the sales roles' landing page. The month sold against the target (the caller's share of
 * each sale, or the teams they manage), then the sales with what was received, the next installment and
 * whether one is overdue. Other roles reach it as the seed's landing page and are told it is about sales.
 */
export default function MySalesPage({ route }: PageProps) {
  const mayRead = usePermission(READ);
  return (
    <Stack gap="md">
      <Title order={1}>{route.title}</Title>
      {mayRead ? (
        <MySales />
      ) : (
        <Alert color="blue" title="Esta página é de quem vende">
          Seu perfil não participa de vendas.{' '}
          <Anchor component={Link} to="/inicio">
            Ir para o início
          </Anchor>
        </Alert>
      )}
    </Stack>
  );
}

function MySales() {
  const role = useSession().user?.role;
  const mayWrite = usePermission(WRITE);
  const options = whoseOptions(role);
  const [whose, setWhose] = useState<Whose>(options.length ? defaultWhose(role) : 'minhas');
  const [month, setMonth] = useState(todayInSaoPaulo().slice(0, 7));
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const wider = options.find((o) => o.value === 'equipe')?.label ?? '';
  return (
    <>
      <Group justify="space-between" align="end">
        {options.length > 0 ? (
          <SegmentedControl
            aria-label="Vendas de quem"
            data={options}
            value={whose}
            onChange={(v) => {
              setWhose(v as Whose);
              setPage(1);
            }}
          />
        ) : (
          <span />
        )}
        {mayWrite && (
          <Button component={Link} to="/venda">
            Nova venda
          </Button>
        )}
      </Group>
      <MonthProgress whose={whose} wider={wider} month={month} onMonth={setMonth} />
      <SalesList
        mayWrite={mayWrite}
        whose={whose}
        status={status}
        page={page}
        onStatus={(s) => {
          setStatus(s);
          setPage(1);
        }}
        onPage={setPage}
      />
    </>
  );
}

/** The month sold against the target, value and count, with the month's arrows. */
function MonthProgress({ whose, wider, month, onMonth }: { whose: Whose; wider: string; month: string; onMonth: (m: string) => void }) {
  const params = { month, ...(whose === 'equipe' ? { team: true } : {}) };
  const progress = useQuery({
    queryKey: getGetSalesMonthProgressQueryKey(params),
    queryFn: ({ signal }) => getSalesMonthProgress(params, { signal }),
    placeholderData: keepPreviousData,
  });
  const current = todayInSaoPaulo().slice(0, 7);
  const p = progress.data;
  return (
    <Paper withBorder p="md" radius="md" aria-label="Meta do mês">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {whose === 'equipe' ? `Meta do mês — ${wider}` : 'Minha meta do mês'}: {monthLabel(month)}
        </Title>
        <Group gap="xs">
          <Button variant="default" size="compact-sm" onClick={() => onMonth(addMonths(month, -1))} aria-label="Mês anterior">
            ‹
          </Button>
          <Button variant="default" size="compact-sm" onClick={() => onMonth(addMonths(month, 1))} disabled={month >= current} aria-label="Próximo mês">
            ›
          </Button>
        </Group>
      </Group>
      {progress.isError ? (
        <Alert color="red" role="alert" title="Não foi possível carregar a meta">
          {progress.error.message}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              Valor vendido
            </Text>
            <Text fw={700} size="xl" data-testid="vendido">
              {p ? formatCentavos(p.sold) : '—'}
            </Text>
            <Progress value={p ? barValue(p.sold, p.target) : 0} aria-label="Valor vendido em relação à meta" />
            <Text size="sm">
              {p ? `${attainmentText(p.sold, p.target)}${p.target > 0 ? ` (meta ${formatCentavos(p.target)})` : ''}` : ' '}
            </Text>
          </Stack>
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              Vendas no mês
            </Text>
            <Text fw={700} size="xl" data-testid="quantidade">
              {p ? p.sold_count : '—'}
            </Text>
            <Progress value={p ? barValue(p.sold_count, p.target_count) : 0} aria-label="Quantidade de vendas em relação à meta" />
            <Text size="sm">{p ? `${attainmentText(p.sold_count, p.target_count)}${p.target_count > 0 ? ` (meta ${p.target_count})` : ''}` : ' '}</Text>
          </Stack>
        </SimpleGrid>
      )}
    </Paper>
  );
}

function SalesList({
  mayWrite,
  whose,
  status,
  page,
  onStatus,
  onPage,
}: {
  mayWrite: boolean;
  whose: Whose;
  status: string;
  page: number;
  onStatus: (s: string) => void;
  onPage: (p: number) => void;
}) {
  const params: ListSalesParams = {
    ...(whose === 'minhas' ? { mine: true } : {}),
    ...(status ? { status: status as SaleStatus } : {}),
    page,
    page_size: 50,
  };
  const list = useQuery({
    queryKey: getListSalesQueryKey(params),
    queryFn: ({ signal }) => listSales(params, { signal }),
    placeholderData: keepPreviousData,
  });
  const navigate = useNavigate();
  const mayLink = usePermission(SUMMARY_LINKS);
  const [copying, setCopying] = useState<string | null>(null);
  // "Duplicar como rascunho": the server copies the sale into a new draft of the caller's, priced today.
  const duplicate = async (sale: SaleSummary) => {
    setCopying(sale.id);
    try {
      const copy = await duplicateSale(sale.id);
      notify(`Rascunho ${copy.number} criado a partir da venda ${sale.number}.`, 'success');
      navigate(`/venda?id=${copy.id}`);
    } catch (error) {
      notify(`A venda ${sale.number} não foi duplicada: ${error instanceof Error ? error.message : String(error)}`, 'error');
    } finally {
      setCopying(null);
    }
  };
  const columns: ReadonlyArray<DataTableColumn<SaleSummary>> = [
    {
      id: 'number',
      header: 'Venda',
      cell: (s) => (
        <Anchor component={Link} to={`/venda?id=${s.id}`} aria-label={`Abrir ${s.number}`}>
          {s.number}
        </Anchor>
      ),
    },
    { id: 'created_at', header: 'Criada em', cell: (s) => formatDate(s.created_at) },
    { id: 'client', header: 'Cliente', cell: (s) => s.client_name },
    {
      id: 'status',
      header: 'Situação',
      cell: (s) => (
        <Badge color={SALE_STATUS_COLORS[s.status]} variant="light" tt="none">
          {SALE_STATUS_LABELS[s.status]}
        </Badge>
      ),
    },
    { id: 'total', header: 'Total', align: 'right', cell: (s) => formatCentavos(s.total) },
    { id: 'received', header: 'Recebido', align: 'right', cell: (s) => formatCentavos(s.received) },
    {
      id: 'next',
      header: 'Próxima parcela',
      cell: (s) => (s.next_due_date && s.next_due_amount != null ? `${formatDate(s.next_due_date)} — ${formatCentavos(s.next_due_amount)}` : '—'),
    },
    {
      id: 'overdue',
      header: 'Atraso',
      cell: (s) =>
        s.overdue ? (
          <Badge color="red" variant="light" tt="none">
            Em atraso
          </Badge>
        ) : (
          '—'
        ),
    },
    ...(mayWrite
      ? [
          {
            id: 'actions',
            header: 'Ações',
            cell: (s: SaleSummary) => (
              <Group gap={4} wrap="nowrap">
                <Button variant="subtle" size="compact-sm" loading={copying === s.id} onClick={() => void duplicate(s)} aria-label={`Duplicar ${s.number} como rascunho`}>
                  Duplicar
                </Button>
                {mayLink && !CLOSED_FOR_LINKS.has(s.status) && (
                  <Button variant="subtle" size="compact-sm" component={Link} to={`/venda?id=${s.id}&resumo=1`} aria-label={`Link de resumo de ${s.number}`}>
                    Link de resumo
                  </Button>
                )}
              </Group>
            ),
          },
        ]
      : []),
  ];
  return (
    <Stack gap="sm">
      <Group align="end">
        <NativeSelect label="Situação" data={STATUS_FILTER} value={status} onChange={(e) => onStatus(e.currentTarget.value)} />
      </Group>
      <DataTable<SaleSummary>
        id="sales.mine"
        label={whose === 'minhas' ? 'Minhas vendas' : 'Vendas'}
        columns={columns}
        rows={list.data?.items}
        getRowId={(s) => s.id}
        getRowLabel={(s) => `${s.number} ${s.client_name}`}
        pageInfo={list.data}
        loading={list.isFetching}
        error={list.isError ? list.error : null}
        onRetry={() => void list.refetch()}
        onPageChange={onPage}
        emptyMessage="Nenhuma venda encontrada."
        minWidth={960}
      />
    </Stack>
  );
}
