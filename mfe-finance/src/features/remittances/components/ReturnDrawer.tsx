import type { BankReturn } from '@backoffice/api-client/endpoints';
import { Alert, Anchor, Badge, Button, Drawer, formatCentavos, formatDate, formatDateTime, Group, Link, SimpleGrid, Spinner, Stack, Table, Text, useDetailParam, LabeledValue } from '@backoffice/ui';
import { useState } from 'react';
import { OCCURRENCE_RESULT_COLORS, OCCURRENCE_RESULT_LABELS } from '../api/remittanceModel';
import { useBankReturn, useBankReturnOccurrences } from '../api/remittanceQueries';
import { ReturnStatus } from './ReturnStatus';

const PAGE_SIZE = 50;

/** The retorno named by `?retorno=`: its counts, progress while applied, and every occurrence with its result. */
export function ReturnDrawer() {
  const panel = useDetailParam('retorno');
  const id = panel.value;
  const detail = useBankReturn(id);
  return (
    <Drawer opened={id !== null} onClose={panel.close} position="right" size="xl" title={detail.data ? `Retorno ${detail.data.file_name}` : 'Retorno'} closeButtonProps={{ 'aria-label': 'Fechar' }}>
      {detail.isPending && id !== null ? (
        <Spinner />
      ) : detail.isError ? (
        <Alert color="red" role="alert" title="Não foi possível abrir o retorno">
          {detail.error.message}
        </Alert>
      ) : detail.data ? (
        <ReturnPanel bankReturn={detail.data} />
      ) : null}
    </Drawer>
  );
}

function ReturnPanel({ bankReturn: r }: { bankReturn: BankReturn }) {
  return (
    <Stack gap="md">
      <ReturnStatus bankReturn={r} />
      {r.failure && (
        <Alert color="red" role="alert" title="O arquivo não pôde ser lido">
          {r.failure}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm">
        <LabeledValue label="Banco">{r.bank}</LabeledValue>
        <LabeledValue label="Layout">{r.layout === 'CNAB240' ? 'CNAB 240' : 'CNAB 400'}</LabeledValue>
        <LabeledValue label="Sequencial">{r.sequence}</LabeledValue>
        <LabeledValue label="Data do arquivo">{r.generated_on ? formatDate(r.generated_on) : '—'}</LabeledValue>
        <LabeledValue label="Importado">{`${formatDateTime(r.imported_at)} · ${r.imported_by_name}`}</LabeledValue>
        <LabeledValue label="Processado">{r.processed_at ? formatDateTime(r.processed_at) : '—'}</LabeledValue>
        <LabeledValue label="Ocorrências">{r.total}</LabeledValue>
        <LabeledValue label="Aplicadas">{r.applied}</LabeledValue>
        <LabeledValue label="Duplicadas">{r.duplicated}</LabeledValue>
        <LabeledValue label="Não localizadas">{r.not_found}</LabeledValue>
        <LabeledValue label="Divergentes">{r.divergent}</LabeledValue>
        <LabeledValue label="Informativas">{r.informative}</LabeledValue>
      </SimpleGrid>
      {r.status !== 'IMPORTADO' && r.status !== 'FALHOU' && <Occurrences id={r.id} />}
    </Stack>
  );
}

function Occurrences({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const result = useBankReturnOccurrences(id, page, PAGE_SIZE);
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
      <div style={{ overflowX: 'auto' }}>
        <Table striped aria-label="Ocorrências do retorno" miw={820}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Linha</Table.Th>
              <Table.Th>Nosso número</Table.Th>
              <Table.Th>Movimento</Table.Th>
              <Table.Th ta="right">Valor pago</Table.Th>
              <Table.Th>Crédito</Table.Th>
              <Table.Th>Resultado</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((o) => (
              <Table.Tr key={o.id}>
                <Table.Td>{o.line}</Table.Td>
                <Table.Td ff="monospace">
                  {o.boleto_id ? (
                    <Anchor component={Link} to={`/boletos/detalhes?id=${o.boleto_id}`}>
                      {o.nosso_numero}
                    </Anchor>
                  ) : (
                    o.nosso_numero
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{`${o.movement_code} ${o.movement_text}`}</Text>
                  {o.reasons && (
                    <Text size="xs" c="dimmed">
                      {o.reasons}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{o.paid_cents > 0 ? formatCentavos(o.paid_cents) : '—'}</Table.Td>
                <Table.Td>{o.credit_date ? formatDate(o.credit_date) : '—'}</Table.Td>
                <Table.Td>
                  <Badge color={OCCURRENCE_RESULT_COLORS[o.result] ?? 'gray'} variant="light" tt="none">
                    {OCCURRENCE_RESULT_LABELS[o.result] ?? o.result}
                  </Badge>
                  {o.message && (
                    <Text size="xs" c="dimmed">
                      {o.message}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">{`${total.toLocaleString('pt-BR')} ocorrências · página ${page}`}</Text>
        <Group gap="xs">
          <Button size="xs" variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Anterior
          </Button>
          <Button size="xs" variant="default" disabled={!hasMore} onClick={() => setPage(page + 1)}>
            Próxima
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
