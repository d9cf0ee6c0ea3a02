import type { Payable } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import { Alert, Badge, Button, Drawer, formatCentavos, formatDate, formatDateTime, Group, HistoryPanel, Modal, notify, SimpleGrid, Spinner, Stack, Table, Tabs, Text, Textarea, useDetailParam, LabeledValue } from '@backoffice/ui';
import { useState } from 'react';
import { competenceLabel, DOCUMENT_KIND_LABELS, fieldLabel, INSTALLMENT_STATUS_COLORS, INSTALLMENT_STATUS_LABELS, METHOD_LABELS, ORIGIN_LABELS, PAYABLE_STATUS_LABELS } from '../api/payableModel';
import { usePayable, usePayableHistory, usePayableMutations } from '../api/payablesQueries';
import { Attachments } from '../../../lib/attachments/Attachments';
import { payableAttachments } from '../../../lib/attachments/attachmentQueries';
import { PayableStatusBadge } from './PayablesPage';

const HISTORY_LABELS = Object.fromEntries(
  ['payee', 'document_number', 'document_series', 'description', 'chart_account_id', 'competence', 'issue_date', 'total_cents', 'installments', 'comment', 'duplicate_reason'].map((f) => [f, fieldLabel(f) ?? f]),
);

/** The panel of the payable named by `?id=`. */
export function PayableDrawer() {
  const panel = useDetailParam('id');
  const id = panel.value;
  const detail = usePayable(id);
  return (
    <Drawer opened={id !== null} onClose={panel.close} position="right" size="xl" title={detail.data ? `Conta ${detail.data.number}` : 'Conta a pagar'} closeButtonProps={{ 'aria-label': 'Fechar' }}>
      {detail.isPending && id !== null ? (
        <Spinner />
      ) : detail.isError ? (
        <Alert color="red" role="alert" title="Não foi possível abrir a conta">
          {detail.error.message}
        </Alert>
      ) : detail.data ? (
        <PayablePanel payable={detail.data} onOpen={panel.open} />
      ) : null}
    </Drawer>
  );
}

type TextAction = 'sendBack' | 'cancel';
const TEXT_ACTIONS: Record<TextAction, { title: string; label: string; intro: string; done: string }> = {
  sendBack: { title: 'Devolver conta', label: 'Comentário', intro: 'A conta volta a quem a lançou, com o seu comentário (10 a 500 caracteres).', done: 'Conta devolvida.' },
  cancel: { title: 'Cancelar conta', label: 'Motivo', intro: 'As parcelas em aberto são canceladas; o motivo fica no histórico (10 a 500 caracteres).', done: 'Conta cancelada.' },
};

function PayablePanel({ payable, onOpen }: { payable: Payable; onOpen: (id: string) => void }) {
  const mayEdit = usePermission('pagar_editar');
  const mayApprove = usePermission('pagar_aprovar');
  const mutations = usePayableMutations();
  const history = usePayableHistory(payable.id);
  const [textAction, setTextAction] = useState<TextAction | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const draft = payable.status === 'RASCUNHO';
  const run = async (call: () => Promise<unknown>, done: string) => {
    try {
      await call();
      notify(done, 'success');
      return true;
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), 'error');
      return false;
    }
  };
  const confirmText = async () => {
    if (!textAction) return;
    if (text.trim().length < 10) {
      setError('Escreva pelo menos 10 caracteres.');
      return;
    }
    try {
      if (textAction === 'sendBack') await mutations.sendBack.mutateAsync({ payable, comment: text.trim() });
      else await mutations.cancel.mutateAsync({ payable, reason: text.trim() });
      notify(TEXT_ACTIONS[textAction].done, 'success');
      setTextAction(null);
      setText('');
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Stack gap="md">
      <PayableStatusBadge payable={payable} />
      {payable.returned && payable.returned_comment && (
        <Alert color="orange" title="Devolvida">
          {payable.returned_comment}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <LabeledValue label="Total">{formatCentavos(payable.total_cents)}</LabeledValue>
        <LabeledValue label="Pago">{formatCentavos(payable.paid_cents)}</LabeledValue>
        <LabeledValue label="Próximo vencimento">{payable.next_due_date ? formatDate(payable.next_due_date) : '—'}</LabeledValue>
      </SimpleGrid>
      <Group gap="xs">
        {mayEdit && draft && !payable.approval_requested && (
          <Button variant="default" loading={mutations.requestApproval.isPending} onClick={() => void run(() => mutations.requestApproval.mutateAsync(payable), 'Aprovação solicitada.')}>
            Solicitar aprovação
          </Button>
        )}
        {mayApprove && draft && (
          <Button loading={mutations.approve.isPending} onClick={() => void run(() => mutations.approve.mutateAsync(payable), `Conta ${payable.number} aprovada.`)}>
            Aprovar
          </Button>
        )}
        {mayApprove && draft && (
          <Button variant="default" onClick={() => setTextAction('sendBack')}>
            Devolver
          </Button>
        )}
        {mayEdit && (
          <Button
            variant="default"
            loading={mutations.duplicate.isPending}
            onClick={() =>
              void mutations.duplicate.mutateAsync(payable).then(
                (copy) => {
                  notify(`Conta ${copy.number} criada como rascunho.`, 'success');
                  onOpen(copy.id);
                },
                (e: Error) => notify(e.message, 'error'),
              )
            }
          >
            Duplicar
          </Button>
        )}
        {mayEdit && payable.status !== 'CANCELADA' && (
          <Button variant="default" color="red" onClick={() => setTextAction('cancel')}>
            Cancelar
          </Button>
        )}
      </Group>
      <Tabs defaultValue="data">
        <Tabs.List mb="md">
          <Tabs.Tab value="data">Dados</Tabs.Tab>
          <Tabs.Tab value="installments">Parcelas ({payable.installments.length})</Tabs.Tab>
          <Tabs.Tab value="attachments">Anexos</Tabs.Tab>
          <Tabs.Tab value="history">Histórico</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="data">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <LabeledValue label="Favorecido">{`${payable.payee_name} (${payable.payee_document_formatted})`}</LabeledValue>
            <LabeledValue label="Documento fiscal">
              {[DOCUMENT_KIND_LABELS[payable.document_kind] ?? payable.document_kind, payable.document_number, payable.document_series ? `série ${payable.document_series}` : null].filter(Boolean).join(' ')}
            </LabeledValue>
            {payable.nfe_key && <LabeledValue label="Chave da NF-e">{payable.nfe_key}</LabeledValue>}
            <LabeledValue label="Descrição">{payable.description}</LabeledValue>
            <LabeledValue label="Competência">{competenceLabel(payable.competence)}</LabeledValue>
            <LabeledValue label="Emissão">{formatDate(payable.issue_date)}</LabeledValue>
            <LabeledValue label="Origem">{ORIGIN_LABELS[payable.origin] ?? payable.origin}</LabeledValue>
            <LabeledValue label="Status">{PAYABLE_STATUS_LABELS[payable.status] ?? payable.status}</LabeledValue>
            {payable.approved_at && <LabeledValue label="Aprovada em">{formatDateTime(payable.approved_at)}</LabeledValue>}
            {payable.cancel_reason && <LabeledValue label="Motivo do cancelamento">{payable.cancel_reason}</LabeledValue>}
          </SimpleGrid>
          {payable.rateio.length > 0 && (
            <Text size="xs" c="dimmed" mt="sm">
              {`Rateio: ${payable.rateio.map((r) => formatCentavos(r.amount_cents)).join(' + ')}`}
            </Text>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="installments">
          <Table aria-label="Parcelas da conta" withTableBorder striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Parcela</Table.Th>
                <Table.Th>Vencimento</Table.Th>
                <Table.Th>Forma</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Valor</Table.Th>
                <Table.Th>Situação</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payable.installments.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>{i.label}</Table.Td>
                  <Table.Td>{formatDate(i.due_date)}</Table.Td>
                  <Table.Td>{METHOD_LABELS[i.payment_method] ?? i.payment_method}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{formatCentavos(i.amount_cents)}</Table.Td>
                  <Table.Td>
                    <Badge color={INSTALLMENT_STATUS_COLORS[i.status] ?? 'gray'} variant="light" tt="none">
                      {INSTALLMENT_STATUS_LABELS[i.status] ?? i.status}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Tabs.Panel>
        <Tabs.Panel value="attachments">
          <Attachments owner={payableAttachments(payable.id)} mayEdit={mayEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <HistoryPanel entries={history.data} loading={history.isPending} error={history.error} onRetry={() => void history.refetch()} fieldLabels={HISTORY_LABELS} stateLabels={PAYABLE_STATUS_LABELS} />
        </Tabs.Panel>
      </Tabs>
      <Modal opened={textAction !== null} onClose={() => setTextAction(null)} title={textAction ? TEXT_ACTIONS[textAction].title : ''} centered>
        {textAction && (
          <Stack gap="sm">
            <Text size="sm">{TEXT_ACTIONS[textAction].intro}</Text>
            <Textarea label={TEXT_ACTIONS[textAction].label} withAsterisk autosize minRows={3} value={text} onChange={(e) => setText(e.currentTarget.value)} error={error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setTextAction(null)}>
                Voltar
              </Button>
              <Button color={textAction === 'cancel' ? 'red' : undefined} onClick={() => void confirmText()}>
                {TEXT_ACTIONS[textAction].title}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
