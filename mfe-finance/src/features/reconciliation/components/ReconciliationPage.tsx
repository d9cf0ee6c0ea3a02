import { useListBankAccounts, type ReconciliationMatch, type StatementLine } from '@backoffice/api-client/endpoints';
import type { PageProps } from '@backoffice/routes';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  DataTable,
  FileButton,
  formatCentavos,
  formatDate,
  formatDateTime,
  Group,
  listTableProps,
  Modal,
  NativeSelect,
  notify,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
  Title,
  useListParams,
  useSearchParams,
  type DataTableColumn,
} from '@backoffice/ui';
import { useState } from 'react';
import {
  useAcceptAll,
  useAcceptMatch,
  useIgnoreLine,
  useReconciliationMatches,
  useReconciliationOverview,
  useRunReconciliation,
  useStatementLines,
  useUndoMatch,
  useUploadStatement,
} from '../api/reconciliationQueries';
import { acceptableCount, LINE_FILTERS, LINE_STATUS_LABELS, reasonError, scoreColor, sidesOf } from '../api/reconciliationModel';

/**
 * `/conciliacao`: one company account at a time. Cards (statement and system balances, their difference, the
 * pending lines), the statement lines (server-paged; the shared table virtualises long pages), and the tabs
 * "Sugestões" (accept one, or every one of 90 or more) and "Conciliados" (undo with a reason). "Importar extrato"
 * takes an OFX file; "Conciliar" runs the matching for the account.
 */
export default function ReconciliationPage({ route }: PageProps) {
  const [search, setSearch] = useSearchParams();
  const accountId = search.get('conta') ?? '';
  const accounts = useListBankAccounts();
  const active = (accounts.data?.items ?? []).filter((a) => a.active);
  const options = [{ value: '', label: 'Escolha a conta' }, ...active.map((a) => ({ value: a.id, label: `${a.nickname} · ${a.bank} ${a.bank_name}` }))];
  const run = useRunReconciliation();
  const [importing, setImporting] = useState(false);
  const conciliate = async () => {
    try {
      const r = await run.mutateAsync(accountId);
      notify(`Conciliação concluída: ${r.confirmed} conciliados automaticamente, ${r.suggested} sugestões.`, 'success');
    } catch (e) {
      notify(e instanceof Error ? e.message : 'Não foi possível conciliar.', 'error');
    }
  };
  return (
    <Stack gap="md">
      <Title order={1}>{route.title}</Title>
      <Group align="flex-end" gap="sm">
        <NativeSelect
          label="Conta bancária"
          data={options}
          value={accountId}
          onChange={(e) => setSearch(e.currentTarget.value ? { conta: e.currentTarget.value } : {})}
          w={360}
        />
        <Button variant="default" onClick={() => setImporting(true)} disabled={!accountId}>
          Importar extrato
        </Button>
        <Button onClick={() => void conciliate()} loading={run.isPending} disabled={!accountId}>
          Conciliar
        </Button>
      </Group>
      {accountId ? (
        <>
          <BalanceCards accountId={accountId} />
          <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
            <StatementLines accountId={accountId} />
            <MatchTabs accountId={accountId} />
          </SimpleGrid>
        </>
      ) : (
        <Text c="dimmed">Escolha a conta bancária para conciliar o extrato.</Text>
      )}
      <Modal opened={importing} onClose={() => setImporting(false)} title="Importar extrato" centered>
        {importing && <ImportStatementForm accountId={accountId} onDone={() => setImporting(false)} />}
      </Modal>
    </Stack>
  );
}

function Card({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

function BalanceCards({ accountId }: { accountId: string }) {
  const overview = useReconciliationOverview(accountId);
  const o = overview.data;
  if (overview.isError) return <Alert color="red">{overview.error.message}</Alert>;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
      <Card label="Saldo do extrato" testId="saldo-extrato" value={o ? formatCentavos(o.statement_balance_cents) : '—'} />
      <Card label="Saldo no sistema" testId="saldo-sistema" value={o ? formatCentavos(o.system_balance_cents) : '—'} />
      <Card label="Diferença" testId="diferenca" value={o ? formatCentavos(o.difference_cents) : '—'} />
      <Card label="Pendentes" testId="pendentes" value={o ? o.pending_lines.toLocaleString('pt-BR') : '—'} />
    </SimpleGrid>
  );
}

function StatementLines({ accountId }: { accountId: string }) {
  const list = useListParams();
  const [status, setStatus] = useState<string>('PENDENTE');
  const result = useStatementLines({ account_id: accountId, status: (status || undefined) as 'PENDENTE' | undefined, page: list.page, page_size: list.pageSize });
  const [ignoring, setIgnoring] = useState<StatementLine | null>(null);
  const columns: ReadonlyArray<DataTableColumn<StatementLine>> = [
    { id: 'posted', header: 'Data', cell: (row) => formatDate(row.posted) },
    { id: 'memo', header: 'Histórico', cell: (row) => row.memo },
    { id: 'amount', header: 'Valor', align: 'right', cell: (row) => <Text c={row.amount_cents < 0 ? 'red.8' : undefined} size="sm">{formatCentavos(row.amount_cents)}</Text> },
    { id: 'status', header: 'Situação', cell: (row) => LINE_STATUS_LABELS[row.status] ?? row.status },
    {
      id: 'actions',
      header: 'Ações',
      cell: (row) =>
        row.status === 'PENDENTE' ? (
          <Anchor component="button" type="button" size="sm" onClick={() => setIgnoring(row)}>
            Ignorar
          </Anchor>
        ) : (
          row.ignore_reason ?? ''
        ),
    },
  ];
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Extrato
      </Title>
      <SegmentedControl size="xs" value={status} onChange={(v) => { setStatus(v); list.setPage(1); }} data={LINE_FILTERS.map((f) => ({ value: f.value, label: f.label }))} />
      <DataTable
        id="finance.statement-lines"
        label="Lançamentos do extrato"
        columns={columns}
        rows={result.data?.items}
        getRowId={(row) => row.id}
        getRowLabel={(row) => `${formatDate(row.posted)} ${row.memo}`}
        pageInfo={result.data}
        loading={result.isFetching && !result.data}
        error={result.isError ? result.error : null}
        onRetry={() => void result.refetch()}
        countLabel={({ total = 0 }: { total?: number }) => `${total.toLocaleString('pt-BR')} ${total === 1 ? 'lançamento' : 'lançamentos'}`}
        emptyMessage="Nenhum lançamento. Importe um extrato OFX."
        maxHeight={520}
        {...listTableProps(list)}
      />
      <ReasonModal
        title="Ignorar lançamento"
        opened={ignoring !== null}
        onClose={() => setIgnoring(null)}
        description={ignoring ? `${formatDate(ignoring.posted)} · ${ignoring.memo} · ${formatCentavos(ignoring.amount_cents)}` : ''}
        action="Ignorar"
        useAction={useIgnoreLine}
        id={ignoring?.id ?? ''}
      />
    </Stack>
  );
}

function MatchTabs({ accountId }: { accountId: string }) {
  const [tab, setTab] = useState<string | null>('sugestoes');
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="sugestoes">Sugestões</Tabs.Tab>
        <Tabs.Tab value="conciliados">Conciliados</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="sugestoes" pt="md">
        <Suggestions accountId={accountId} />
      </Tabs.Panel>
      <Tabs.Panel value="conciliados" pt="md">
        <Reconciled accountId={accountId} />
      </Tabs.Panel>
    </Tabs>
  );
}

function MatchCard({ match, children }: { match: ReconciliationMatch; children?: React.ReactNode }) {
  const { lines, targets } = sidesOf(match);
  return (
    <Paper withBorder p="sm" radius="md" data-testid="conciliacao" aria-label={`Conciliação de ${formatCentavos(match.lines_cents)}`}>
      <Stack gap={4}>
        <Group justify="space-between">
          <Group gap="xs">
            <Badge color={scoreColor(match.score)} variant="light">
              Nota {match.score}
            </Badge>
            {match.automatic && (
              <Badge color="blue" variant="light">
                Automática
              </Badge>
            )}
          </Group>
          <Text fw={600}>{formatCentavos(match.lines_cents)}</Text>
        </Group>
        {lines.map((l) => (
          <Text key={l.ref_id} size="sm">
            Extrato: {l.label} · {formatCentavos(l.amount_cents)}
          </Text>
        ))}
        {targets.map((t) => (
          <Text key={t.ref_id} size="sm">
            {t.kind === 'PARCELA' ? 'Parcela' : 'Recebimento'}: {t.label} · {formatCentavos(t.amount_cents)}
          </Text>
        ))}
        <Text size="xs" c="dimmed">
          {match.reasons.join(' · ')}
        </Text>
        {match.confirmed_at && (
          <Text size="xs" c="dimmed">
            Conciliado por {match.confirmed_by_name} em {formatDateTime(match.confirmed_at)}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}

function Suggestions({ accountId }: { accountId: string }) {
  const matches = useReconciliationMatches(accountId, 'SUGERIDA');
  const accept = useAcceptMatch();
  const acceptAll = useAcceptAll();
  const high = acceptableCount(matches.data);
  const acceptOne = async (id: string) => {
    try {
      await accept.mutateAsync(id);
      notify('Conciliação aceita.', 'success');
    } catch (e) {
      notify(e instanceof Error ? e.message : 'Não foi possível aceitar.', 'error');
    }
  };
  const acceptHigh = async () => {
    try {
      const r = await acceptAll.mutateAsync(accountId);
      notify(`${r.accepted} ${r.accepted === 1 ? 'sugestão aceita' : 'sugestões aceitas'}.`, 'success');
    } catch (e) {
      notify(e instanceof Error ? e.message : 'Não foi possível aceitar.', 'error');
    }
  };
  if (matches.isError) return <Alert color="red">{matches.error.message}</Alert>;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {matches.data ? `${matches.data.length} ${matches.data.length === 1 ? 'sugestão' : 'sugestões'}` : 'Carregando…'}
        </Text>
        <Button size="xs" onClick={() => void acceptHigh()} disabled={high === 0} loading={acceptAll.isPending}>
          Aceitar todas ≥ 90 ({high})
        </Button>
      </Group>
      {matches.data?.length === 0 && <Text c="dimmed">Nenhuma sugestão. Importe o extrato e clique em Conciliar.</Text>}
      {matches.data?.map((m) => (
        <MatchCard key={m.id} match={m}>
          <Group justify="flex-end">
            <Button size="xs" onClick={() => void acceptOne(m.id)} loading={accept.isPending && accept.variables === m.id}>
              Aceitar
            </Button>
          </Group>
        </MatchCard>
      ))}
    </Stack>
  );
}

function Reconciled({ accountId }: { accountId: string }) {
  const matches = useReconciliationMatches(accountId, 'CONFIRMADA');
  const [undoing, setUndoing] = useState<ReconciliationMatch | null>(null);
  if (matches.isError) return <Alert color="red">{matches.error.message}</Alert>;
  return (
    <Stack gap="sm">
      {matches.data?.length === 0 && <Text c="dimmed">Nenhuma conciliação nesta conta.</Text>}
      {matches.data?.map((m) => (
        <MatchCard key={m.id} match={m}>
          <Group justify="flex-end">
            <Button size="xs" variant="default" color="red" onClick={() => setUndoing(m)}>
              Desfazer
            </Button>
          </Group>
        </MatchCard>
      ))}
      <ReasonModal
        title="Desfazer conciliação"
        opened={undoing !== null}
        onClose={() => setUndoing(null)}
        description="Os recebimentos criados por esta conciliação serão estornados e o lançamento volta a ficar pendente."
        action="Desfazer"
        useAction={useUndoMatch}
        id={undoing?.id ?? ''}
      />
    </Stack>
  );
}

/** A modal asking for a reason (10 to 500 characters) before an action on `id`. */
function ReasonModal({
  title,
  opened,
  onClose,
  description,
  action,
  useAction,
  id,
}: {
  title: string;
  opened: boolean;
  onClose: () => void;
  description: string;
  action: string;
  useAction: typeof useUndoMatch | typeof useIgnoreLine;
  id: string;
}) {
  const mutation = useAction();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    const invalid = reasonError(reason);
    if (invalid) return setError(invalid);
    try {
      await mutation.mutateAsync({ id, reason: reason.trim() });
      notify(`${action}: feito.`, 'success');
      close();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Não foi possível concluir.');
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <Stack gap="sm">
        <Text size="sm">{description}</Text>
        <Textarea label="Motivo" withAsterisk autosize minRows={2} value={reason} onChange={(e) => setReason(e.currentTarget.value)} description="De 10 a 500 caracteres." error={error} />
        <Group justify="flex-end">
          <Anchor component="button" type="button" size="sm" onClick={close}>
            Cancelar
          </Anchor>
          <Button color="red" onClick={() => void submit()} loading={mutation.isPending}>
            {action}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The OFX file for the chosen account; the server checks the file's own account and keeps only unseen lines. */
function ImportStatementForm({ accountId, onDone }: { accountId: string; onDone: () => void }) {
  const upload = useUploadStatement();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!file) return setError('Escolha o arquivo OFX do extrato.');
    setError(null);
    try {
      const imported = await upload.mutateAsync({ file, accountId });
      notify(`Extrato importado: ${imported.message}`, imported.balance_mismatch ? 'info' : 'success');
      onDone();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Não foi possível importar o extrato.');
    }
  };
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <FileButton onChange={setFile} accept=".ofx,.OFX,.ofc,.OFC,application/x-ofx,text/plain">
          {(props) => (
            <Button variant="default" {...props}>
              Escolher arquivo
            </Button>
          )}
        </FileButton>
        <Text size="sm" c={file ? undefined : 'dimmed'}>
          {file ? file.name : 'Nenhum arquivo escolhido'}
        </Text>
      </Group>
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
      <Group justify="flex-end">
        <Anchor component="button" type="button" size="sm" onClick={onDone}>
          Cancelar
        </Anchor>
        <Button onClick={() => void submit()} loading={upload.isPending}>
          Importar
        </Button>
      </Group>
    </Stack>
  );
}
