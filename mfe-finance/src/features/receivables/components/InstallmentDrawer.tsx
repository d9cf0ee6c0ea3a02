import type { InstallmentDetail, Receipt } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import { Alert, Button, formatCentavos, formatDate, formatDateTime, Group, HistoryPanel, Modal, Paper, SimpleGrid, Spinner, Stack, Tabs, Text, useDetailParam, Drawer, LabeledValue } from '@backoffice/ui';
import { lazy, Suspense, useState } from 'react';
import { fieldLabel, METHOD_LABELS, OPEN_STATUSES, ORIGIN_LABELS, overdueLabel, STATUS_LABELS } from '../api/receivableModel';
import { useInstallment, useInstallmentHistory } from '../api/receivablesQueries';
import { InstallmentBoleto } from '../../../lib/boletos/InstallmentBoleto';
import { Attachments } from '../../../lib/attachments/Attachments';
import { installmentAttachments } from '../../../lib/attachments/attachmentQueries';
import { StatusBadge } from './ReceivablesPage';

const ActionForm = lazy(() => import('./InstallmentActions').then((m) => ({ default: m.InstallmentActionForm })));

export type InstallmentAction = 'receive' | 'extend' | 'renegotiate' | 'cancel' | 'writeOff' | 'revertWriteOff' | { reverse: Receipt };

const ACTION_TITLES: Record<string, string> = {
  receive: 'Registrar recebimento',
  extend: 'Prorrogar vencimento',
  renegotiate: 'Renegociar',
  cancel: 'Cancelar parcela',
  writeOff: 'Baixar sem recebimento',
  revertWriteOff: 'Reverter baixa sem recebimento',
};
const titleOf = (action: InstallmentAction) => (typeof action === 'string' ? ACTION_TITLES[action] : 'Estornar recebimento');

const HISTORY_LABELS = Object.fromEntries(['due_date', 'status', 'received_cents', 'value_cents'].map((field) => [field, fieldLabel(field) ?? field]));

/** The panel of the installment named by `?parcela=`. */
export function InstallmentDrawer() {
  const panel = useDetailParam('parcela');
  const id = panel.value;
  const detail = useInstallment(id);
  return (
    <Drawer opened={id !== null} onClose={panel.close} position="right" size="xl" title={detail.data ? `Parcela ${detail.data.label}` : 'Parcela'} closeButtonProps={{ 'aria-label': 'Fechar' }}>
      {detail.isPending && id !== null ? (
        <Spinner />
      ) : detail.isError ? (
        <Alert color="red" role="alert" title="Não foi possível abrir a parcela">
          {detail.error.message}
        </Alert>
      ) : detail.data ? (
        <InstallmentPanel installment={detail.data} />
      ) : null}
    </Drawer>
  );
}

function InstallmentPanel({ installment }: { installment: InstallmentDetail }) {
  const mayEdit = usePermission('recebimentos_editar');
  const mayReverse = usePermission('recebimentos_estornar');
  const mayWriteOff = usePermission('recebimentos_baixar');
  const [action, setAction] = useState<InstallmentAction | null>(null);
  const history = useInstallmentHistory(installment.id);
  const open = OPEN_STATUSES.has(installment.status);
  const fromSale = installment.origin === 'VENDA';
  const receipts = installment.receipts;
  return (
    <Stack gap="md">
      <Group gap="xs">
        <StatusBadge installment={installment} />
        {installment.overdue && <Text size="sm" c="red.8">{overdueLabel(installment.days_overdue)}</Text>}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <LabeledValue label="Valor">{formatCentavos(installment.value_cents)}</LabeledValue>
        <LabeledValue label="Recebido">{formatCentavos(installment.received_cents)}</LabeledValue>
        <LabeledValue label="Saldo">{formatCentavos(installment.balance_cents)}</LabeledValue>
      </SimpleGrid>
      {(mayEdit || mayWriteOff || mayReverse) && (
        <Group gap="xs">
          {mayEdit && open && <Button onClick={() => setAction('receive')}>Registrar recebimento</Button>}
          {mayEdit && open && (
            <Button variant="default" onClick={() => setAction('extend')}>
              Prorrogar vencimento
            </Button>
          )}
          {mayEdit && open && (
            <Button variant="default" onClick={() => setAction('renegotiate')}>
              Renegociar
            </Button>
          )}
          {mayWriteOff && open && (
            <Button variant="default" onClick={() => setAction('writeOff')}>
              Baixar sem recebimento
            </Button>
          )}
          {mayEdit && open && !fromSale && (
            <Button variant="default" color="red" onClick={() => setAction('cancel')}>
              Cancelar
            </Button>
          )}
          {mayReverse && installment.status === 'BAIXADO' && (
            <Button variant="default" onClick={() => setAction('revertWriteOff')}>
              Reverter baixa
            </Button>
          )}
        </Group>
      )}
      {fromSale && open && (
        <Text size="xs" c="dimmed">
          Parcela de venda: cancele pela venda; aqui ela só é recebida, prorrogada ou renegociada.
        </Text>
      )}
      <Tabs defaultValue="data">
        <Tabs.List mb="md">
          <Tabs.Tab value="data">Dados</Tabs.Tab>
          <Tabs.Tab value="receipts">Recebimentos ({receipts.length})</Tabs.Tab>
          <Tabs.Tab value="attachments">Anexos</Tabs.Tab>
          <Tabs.Tab value="history">Histórico</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="data">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <LabeledValue label="Cliente">{`${installment.client_name} (${installment.client_document_formatted})`}</LabeledValue>
            <LabeledValue label="Descrição">{installment.description}</LabeledValue>
            <LabeledValue label="Vencimento">
              {formatDate(installment.due_date)}
              {installment.original_due_date !== installment.due_date ? ` (original ${formatDate(installment.original_due_date)})` : ''}
            </LabeledValue>
            <LabeledValue label="Forma prevista">{METHOD_LABELS[installment.payment_method] ?? installment.payment_method}</LabeledValue>
            <LabeledValue label="Origem">{ORIGIN_LABELS[installment.origin] ?? installment.origin}</LabeledValue>
            <LabeledValue label="Situação">{STATUS_LABELS[installment.status] ?? installment.status}</LabeledValue>
            <div>
              <Text size="xs" c="dimmed">
                Boleto
              </Text>
              <InstallmentBoleto installmentId={installment.id} />
            </div>
          </SimpleGrid>
          {installment.write_off_reason && (
            <Stack mt="sm">
              <LabeledValue label="Motivo da baixa">{installment.write_off_reason}</LabeledValue>
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="receipts">
          {receipts.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nenhum recebimento registrado.
            </Text>
          ) : (
            <Stack gap="xs">
              {receipts.map((receipt) => (
                <Paper key={receipt.id} withBorder p="sm" radius="md" opacity={receipt.reversed ? 0.6 : 1}>
                  <Group justify="space-between" align="flex-start" wrap="nowrap">
                    <Stack gap={2}>
                      <Text size="sm" fw={500} td={receipt.reversed ? 'line-through' : undefined}>
                        {`${formatDate(receipt.date)} · ${formatCentavos(receipt.amount_cents)} · ${METHOD_LABELS[receipt.method] ?? receipt.method}`}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {`Principal ${formatCentavos(receipt.principal_cents)} · juros ${formatCentavos(receipt.interest_cents)} · multa ${formatCentavos(receipt.fine_cents)} · desconto ${formatCentavos(receipt.discount_cents)}`}
                      </Text>
                      <Text size="xs" c="dimmed">
                        Registrado em {formatDateTime(receipt.created_at)}
                      </Text>
                      {receipt.reversed && (
                        <Text size="xs" c="red.8">
                          Estornado{receipt.reversed_at ? ` em ${formatDateTime(receipt.reversed_at)}` : ''}: {receipt.reversed_reason}
                        </Text>
                      )}
                    </Stack>
                    {mayReverse && !receipt.reversed && (
                      <Button size="xs" variant="subtle" color="red" onClick={() => setAction({ reverse: receipt })}>
                        Estornar
                      </Button>
                    )}
                  </Group>
                </Paper>
              ))}
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="attachments">
          <Attachments owner={installmentAttachments(installment.id)} mayEdit={mayEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <HistoryPanel entries={history.data} loading={history.isPending} error={history.error} onRetry={() => void history.refetch()} fieldLabels={HISTORY_LABELS} stateLabels={STATUS_LABELS} />
        </Tabs.Panel>
      </Tabs>
      <Modal opened={action !== null} onClose={() => setAction(null)} title={action ? titleOf(action) : ''} size="lg" centered>
        <Suspense fallback={<Spinner />}>{action && <ActionForm action={action} installment={installment} onDone={() => setAction(null)} />}</Suspense>
      </Modal>
    </Stack>
  );
}
