import { ApiError } from '@backoffice/api-client';
import type { RemittanceDetail } from '@backoffice/api-client/endpoints';
import { Alert, Anchor, Badge, Button, ErrorPage, formatCentavos, formatDateTime, Group, Link, List, modals, notify, Paper, SimpleGrid, Spinner, Stack, Table, Text, Timeline, Title, useLocation, useNavigate, LabeledValue } from '@backoffice/ui';
import { useState } from 'react';
import {
  findingText,
  INSTRUCTION_LABELS,
  ITEM_RESULT_COLORS,
  ITEM_RESULT_LABELS,
  itemCount,
  KIND_LABELS,
  parsePreflight,
  REMITTANCE_STATUS_COLORS,
  REMITTANCE_STATUS_LABELS,
  remittanceActions,
} from '../api/remittanceModel';
import { downloadRemittance, useRemittance, useRemittanceAction, useRemittanceItems, type RemittanceAction } from '../api/remittanceQueries';
import type { GenerationFailure } from './NewRemittance';

export function RemittanceStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={REMITTANCE_STATUS_COLORS[status] ?? 'gray'} variant="light" tt="none">
      {REMITTANCE_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

/** `/remessa?id=`: an unknown id is the remote's 404. */
export function RemittanceDetailView({ id, title }: { id: string; title: string }) {
  const remittance = useRemittance(id);
  if (remittance.isPending) return <Spinner />;
  if (remittance.isError) {
    if (remittance.error instanceof ApiError && remittance.error.status === 404) return <ErrorPage status={404} />;
    return (
      <Alert color="red" role="alert" title="Não foi possível abrir a remessa">
        {remittance.error.message}
      </Alert>
    );
  }
  return <DetailView detail={remittance.data} title={title} />;
}

const SUCCESS: Record<RemittanceAction, string> = {
  generate: 'Arquivo gerado.',
  markSent: 'Remessa marcada como enviada ao banco.',
  reopen: 'Remessa reaberta: gere o arquivo de novo (o sequencial é mantido).',
  discard: 'Remessa descartada: os itens voltaram a ficar pendentes.',
};

function DetailView({ detail, title }: { detail: RemittanceDetail; title: string }) {
  const r = detail.remittance;
  const location = useLocation();
  const navigate = useNavigate();
  const act = useRemittanceAction();
  // A failure of the generation started on /remessa arrives with the navigation; a later one is kept here.
  const [failure, setFailure] = useState<GenerationFailure | null>(() => (location.state as { failure?: GenerationFailure } | null)?.failure ?? null);
  const allowed = remittanceActions(r);
  const findings = parsePreflight(detail.preflight);

  const run = async (action: RemittanceAction) => {
    try {
      await act.mutateAsync({ id: r.id, action });
      setFailure(null);
      notify(SUCCESS[action], 'success');
      // The navigation's failure must not come back on reload.
      if (location.state) navigate(`/remessa?id=${r.id}`, { replace: true, state: null });
    } catch (error) {
      if (action === 'generate' && error instanceof ApiError && error.status === 422) {
        setFailure({ message: error.message, findings: error.fields.map((f) => f.message) });
      } else {
        notify(error instanceof Error ? error.message : 'Não foi possível concluir.', 'error');
      }
    }
  };
  const confirm = (action: RemittanceAction, question: string, label: string) =>
    modals.openConfirmModal({
      title: `Remessa ${r.number}`,
      children: <Text size="sm">{question}</Text>,
      labels: { confirm: label, cancel: 'Cancelar' },
      confirmProps: action === 'discard' ? { color: 'red' } : undefined,
      onConfirm: () => void run(action),
    });
  const download = async () => {
    try {
      await downloadRemittance(r.id, r.file_name ?? `${r.number}.REM`);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Não foi possível baixar o arquivo.', 'error');
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Stack gap={0}>
          <Anchor component={Link} to="/remessas" size="sm">
            ← Remessas
          </Anchor>
          <Title order={1}>{`${title} ${r.number}`}</Title>
        </Stack>
        <Group gap="xs">
          <RemittanceStatusBadge status={r.status} />
          {allowed.generate && (
            <Button onClick={() => void run('generate')} loading={act.isPending}>
              Gerar arquivo
            </Button>
          )}
          {allowed.download && (
            <Button variant="default" onClick={() => void download()}>
              Baixar arquivo
            </Button>
          )}
          {allowed.markSent && (
            <Button onClick={() => confirm('markSent', 'Confirme que o arquivo foi transmitido ao banco. Depois disso ele não pode mais ser reaberto.', 'Marcar como enviada')}>
              Marcar como enviada
            </Button>
          )}
          {allowed.reopen && (
            <Button variant="default" onClick={() => confirm('reopen', 'O arquivo gerado deixa de valer; a remessa volta a rascunho e mantém o sequencial.', 'Reabrir')}>
              Reabrir
            </Button>
          )}
          {allowed.discard && (
            <Button variant="default" color="red" onClick={() => confirm('discard', 'Os itens voltam a ficar pendentes para outra remessa.', 'Descartar')}>
              Descartar
            </Button>
          )}
        </Group>
      </Group>
      {failure && (
        <Alert color="red" role="alert" title="O arquivo não foi gerado: corrija e gere de novo">
          <Stack gap={4}>
            <Text size="sm">{failure.message}</Text>
            {failure.findings.length > 0 && (
              <List size="sm" spacing={2} aria-label="Problemas encontrados na conferência">
                {failure.findings.map((f, i) => (
                  <List.Item key={i}>{f}</List.Item>
                ))}
              </List>
            )}
          </Stack>
        </Alert>
      )}
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
          <LabeledValue label="Tipo">{KIND_LABELS[r.kind] ?? r.kind}</LabeledValue>
          <LabeledValue label="Convênio">{detail.agreement_name}</LabeledValue>
          <LabeledValue label="Layout">{r.layout === 'CNAB240' ? 'CNAB 240' : 'CNAB 400'}</LabeledValue>
          <LabeledValue label="Sequencial">{r.sequence ?? '—'}</LabeledValue>
          <LabeledValue label="Arquivo">{r.file_name ?? '—'}</LabeledValue>
          <LabeledValue label="Itens">{itemCount(r.item_count)}</LabeledValue>
          <LabeledValue label="Valor">{formatCentavos(r.total_cents)}</LabeledValue>
          <LabeledValue label="Rejeições">{r.rejected_count}</LabeledValue>
          <LabeledValue label="Gerada em">{r.generated_at ? formatDateTime(r.generated_at) : '—'}</LabeledValue>
          <LabeledValue label="Enviada em">{r.sent_at ? formatDateTime(r.sent_at) : '—'}</LabeledValue>
          <LabeledValue label="Criada em">{formatDateTime(r.created_at)}</LabeledValue>
          {r.sha256 && (
            <LabeledValue label="SHA-256">
              <Text span size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                {r.sha256}
              </Text>
            </LabeledValue>
          )}
        </SimpleGrid>
      </Paper>
      {r.generated_at && (
        <Paper withBorder p="md" radius="md" aria-label="Conferência do arquivo">
          <Title order={2} size="h4" mb="xs">
            Conferência do arquivo
          </Title>
          {findings.length === 0 ? (
            <Text size="sm" c="green.8">
              Arquivo conferido: tamanho das linhas, CRLF, campos, dígitos, sequência e totais sem problemas.
            </Text>
          ) : (
            <List size="sm">
              {findings.map((f, i) => (
                <List.Item key={i}>{findingText(f)}</List.Item>
              ))}
            </List>
          )}
        </Paper>
      )}
      <Items id={r.id} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="xs">
            Retornos
          </Title>
          {detail.returns.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nenhum retorno do banco para esta remessa ainda.
            </Text>
          ) : (
            <List size="sm">
              {detail.returns.map((ret) => (
                <List.Item key={ret.id}>
                  <Anchor component={Link} to={`/remessas?aba=retornos&retorno=${ret.id}`}>
                    {ret.file_name}
                  </Anchor>
                  {` · importado em ${formatDateTime(ret.imported_at)}`}
                </List.Item>
              ))}
            </List>
          )}
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="xs">
            Histórico
          </Title>
          <Timeline active={detail.history.length} bulletSize={12} lineWidth={2}>
            {detail.history.map((h, i) => (
              <Timeline.Item key={i} title={h.action}>
                {h.from_state && h.to_state && (
                  <Text size="xs">{`${REMITTANCE_STATUS_LABELS[h.from_state] ?? h.from_state} → ${REMITTANCE_STATUS_LABELS[h.to_state] ?? h.to_state}`}</Text>
                )}
                <Text size="xs" c="dimmed">
                  {`${formatDateTime(h.at)} · ${h.by_name}`}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}

const ITEMS_PAGE_SIZE = 100;

/** The remessa's items, a page at a time (a remessa may carry 100,000). */
function Items({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const result = useRemittanceItems(id, page, ITEMS_PAGE_SIZE);
  if (result.isPending) return <Spinner />;
  if (result.isError)
    return (
      <Alert color="red" role="alert">
        {result.error.message}
      </Alert>
    );
  const { items, total, has_more: hasMore } = result.data;
  return (
    <Stack gap="xs">
      <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
        <Table striped aria-label="Itens da remessa" miw={760}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>Nosso número</Table.Th>
              <Table.Th>Movimento</Table.Th>
              <Table.Th ta="right">Valor</Table.Th>
              <Table.Th>Resultado</Table.Th>
              <Table.Th>Retorno do banco</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>{item.position}</Table.Td>
                <Table.Td ff="monospace">
                  <Anchor component={Link} to={`/boletos/detalhes?id=${item.boleto_id}`}>
                    {item.nosso_numero}
                  </Anchor>
                </Table.Td>
                <Table.Td>{INSTRUCTION_LABELS[item.instruction] ?? item.instruction}</Table.Td>
                <Table.Td ta="right">{formatCentavos(item.amount_cents)}</Table.Td>
                <Table.Td>
                  {item.result ? (
                    <Badge color={ITEM_RESULT_COLORS[item.result] ?? 'gray'} variant="light" tt="none">
                      {ITEM_RESULT_LABELS[item.result] ?? item.result}
                    </Badge>
                  ) : (
                    <Text size="sm" c="dimmed">
                      Aguardando
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{item.result_code ? `${item.result_code} ${item.result_text ?? ''}` : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      {total > ITEMS_PAGE_SIZE && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">{`${total.toLocaleString('pt-BR')} itens · página ${page} de ${Math.ceil(total / ITEMS_PAGE_SIZE)}`}</Text>
          <Group gap="xs">
            <Button size="xs" variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Anterior
            </Button>
            <Button size="xs" variant="default" disabled={!hasMore} onClick={() => setPage(page + 1)}>
              Próxima
            </Button>
          </Group>
        </Group>
      )}
    </Stack>
  );
}
