import { useListBankAccounts, type Payment, type PayableInstallmentDetail } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import { Alert, Button, DateInput, Drawer, Form, FormErrors, formatCentavos, formatDate, formatDateTime, Group, HistoryPanel, Modal, MoneyInput, NativeSelectField, notify, Paper, SimpleGrid, Spinner, Stack, Tabs, Text, TextareaField, TextField, todayInSaoPaulo, useDetailParam, useZodForm, LabeledValue } from '@backoffice/ui';
import { useState } from 'react';
import { z } from 'zod';
import { fieldLabel, INSTALLMENT_STATUS_LABELS, METHOD_LABELS } from '../api/payableModel';
import { useInstallmentMutations, usePayableInstallment, usePayableInstallmentHistory } from '../api/payablesQueries';
import { InstallmentStatusBadge } from './PaymentsPage';

type Action = 'pay' | 'schedule' | { reverse: Payment };
const titleOf = (a: Action) => (a === 'pay' ? 'Registrar pagamento' : a === 'schedule' ? 'Programar pagamento' : 'Estornar pagamento');

/** The panel of the installment named by `?parcela=`. */
export function PaymentDrawer() {
  const panel = useDetailParam('parcela');
  const id = panel.value;
  const detail = usePayableInstallment(id);
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

function InstallmentPanel({ installment }: { installment: PayableInstallmentDetail }) {
  const mayEdit = usePermission('pagar_editar');
  const mayReverse = usePermission('pagar_estornar');
  const history = usePayableInstallmentHistory(installment.id);
  const [action, setAction] = useState<Action | null>(null);
  const payable = installment.status === 'APROVADO' || installment.status === 'AGENDADO';
  return (
    <Stack gap="md">
      <InstallmentStatusBadge installment={installment} />
      {installment.status === 'EM_REMESSA' && <Alert color="cyan">Parcela em remessa enviada ao banco; aguarde o retorno ou retire-a da remessa.</Alert>}
      {installment.status === 'RASCUNHO' && <Alert color="yellow">A conta ainda não foi aprovada: aprove-a em Contas a pagar para programar ou pagar.</Alert>}
      {installment.rejection_reason && (
        <Alert color="red" title="Rejeitado pelo banco">
          {installment.rejection_reason}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <LabeledValue label="Valor">{formatCentavos(installment.amount_cents)}</LabeledValue>
        <LabeledValue label="Vencimento">{formatDate(installment.due_date)}</LabeledValue>
        <LabeledValue label="Pago">{installment.paid_at ? `${formatCentavos(installment.paid_cents)} em ${formatDate(installment.paid_at)}` : '—'}</LabeledValue>
      </SimpleGrid>
      {mayEdit && payable && (
        <Group gap="xs">
          <Button onClick={() => setAction('pay')}>Registrar pagamento</Button>
          <Button variant="default" onClick={() => setAction('schedule')}>
            Programar
          </Button>
        </Group>
      )}
      <Tabs defaultValue="data">
        <Tabs.List mb="md">
          <Tabs.Tab value="data">Dados</Tabs.Tab>
          <Tabs.Tab value="payments">Pagamentos ({installment.payments.length})</Tabs.Tab>
          <Tabs.Tab value="history">Histórico</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="data">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <LabeledValue label="Favorecido">{installment.payee_name}</LabeledValue>
            <LabeledValue label="Descrição">{installment.description}</LabeledValue>
            <LabeledValue label="Forma">{METHOD_LABELS[installment.payment_method] ?? installment.payment_method}</LabeledValue>
            {installment.linha_digitavel && <LabeledValue label="Linha digitável">{installment.linha_digitavel}</LabeledValue>}
            {installment.pix_key && <LabeledValue label="Chave PIX">{`${installment.pix_key_type ?? ''} ${installment.pix_key}`}</LabeledValue>}
            <LabeledValue label="Programado para">{installment.scheduled_date ? formatDate(installment.scheduled_date) : '—'}</LabeledValue>
            <LabeledValue label="Situação">{INSTALLMENT_STATUS_LABELS[installment.status] ?? installment.status}</LabeledValue>
          </SimpleGrid>
          {installment.payee_snapshot && (
            <Paper withBorder p="sm" radius="md" mt="md">
              <Text size="sm" fw={500}>
                Favorecido aprovado em {formatDateTime(installment.payee_snapshot.taken_at)}
              </Text>
              <Text size="sm">{`${installment.payee_snapshot.name} (${installment.payee_snapshot.document_formatted})`}</Text>
              <Text size="sm" c="dimmed">
                {installment.payee_snapshot.destination}
              </Text>
            </Paper>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="payments">
          {installment.payments.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nenhum pagamento registrado.
            </Text>
          ) : (
            <Stack gap="xs">
              {installment.payments.map((p) => (
                <Paper key={p.id} withBorder p="sm" radius="md" opacity={p.reversed ? 0.6 : 1}>
                  <Group justify="space-between" align="flex-start" wrap="nowrap">
                    <Stack gap={2}>
                      <Text size="sm" fw={500} td={p.reversed ? 'line-through' : undefined}>
                        {`${formatDate(p.date)} · ${formatCentavos(p.amount_cents)}`}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {`Parcela ${formatCentavos(p.principal_cents)} · encargos ${formatCentavos(p.charges_cents)} · desconto ${formatCentavos(p.discount_cents)}`}
                      </Text>
                      <Text size="xs" c="dimmed">
                        Registrado em {formatDateTime(p.created_at)}
                      </Text>
                      {p.reversed && (
                        <Text size="xs" c="red.8">
                          Estornado: {p.reversed_reason}
                        </Text>
                      )}
                    </Stack>
                    {mayReverse && !p.reversed && (
                      <Button size="xs" variant="subtle" color="red" onClick={() => setAction({ reverse: p })}>
                        Estornar
                      </Button>
                    )}
                  </Group>
                </Paper>
              ))}
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <HistoryPanel entries={history.data} loading={history.isPending} error={history.error} onRetry={() => void history.refetch()} stateLabels={INSTALLMENT_STATUS_LABELS} />
        </Tabs.Panel>
      </Tabs>
      <Modal opened={action !== null} onClose={() => setAction(null)} title={action ? titleOf(action) : ''} size="lg" centered>
        {action === 'pay' && <PaymentForm installment={installment} onDone={() => setAction(null)} />}
        {action === 'schedule' && <ScheduleForm installment={installment} onDone={() => setAction(null)} />}
        {action && typeof action !== 'string' && <ReverseForm installment={installment} payment={action.reverse} onDone={() => setAction(null)} />}
      </Modal>
    </Stack>
  );
}

function useAccountOptions() {
  const accounts = useListBankAccounts();
  return [{ value: '', label: 'Escolha…' }, ...(accounts.data?.items ?? []).filter((a) => a.active).map((a) => ({ value: a.id, label: a.nickname }))];
}

function Actions({ onCancel, submitting, label, danger }: { onCancel: () => void; submitting: boolean; label: string; danger?: boolean }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Voltar
      </Button>
      <Button type="submit" loading={submitting} color={danger ? 'red' : undefined}>
        {label}
      </Button>
    </Group>
  );
}

const paySchema = z.object({
  date: z.string().nullable().refine((v) => v !== null, 'Informe a data do pagamento.'),
  amount_cents: z.number().int().nullable().refine((v) => v !== null && v > 0, 'Informe o valor pago.'),
  charges_cents: z.number().int().nullable(),
  discount_cents: z.number().int().nullable(),
  bank_account_id: z.string().min(1, 'Escolha a conta de débito.'),
  receipt_file_id: z.string(),
});
type PayValues = z.input<typeof paySchema>;

/** A payment made outside CNAB: valor pago = parcela + encargos − desconto. */
function PaymentForm({ installment, onDone }: { installment: PayableInstallmentDetail; onDone: () => void }) {
  const { pay } = useInstallmentMutations();
  const accounts = useAccountOptions();
  const form = useZodForm(paySchema, {
    defaultValues: { date: todayInSaoPaulo(), amount_cents: installment.amount_cents, charges_cents: 0, discount_cents: 0, bank_account_id: installment.bank_account_id ?? '', receipt_file_id: '' },
  });
  const submit = async (v: z.output<typeof paySchema>) => {
    const detail = await pay.mutateAsync({
      id: installment.id,
      body: {
        version: installment.version,
        date: v.date ?? '',
        amount_cents: v.amount_cents ?? 0,
        charges_cents: v.charges_cents ?? 0,
        discount_cents: v.discount_cents ?? 0,
        bank_account_id: v.bank_account_id,
        receipt_file_id: v.receipt_file_id || undefined,
      },
    });
    notify(`Parcela ${detail.label} paga.`, 'success');
    onDone();
  };
  return (
    <Form form={form} onSubmit={submit} labels={fieldLabel} aria-label="Registrar pagamento">
      <Stack gap="sm">
        <FormErrors labels={fieldLabel} />
        <Text size="sm">Parcela: {formatCentavos(installment.amount_cents)}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DateInput<PayValues> name="date" label="Data do pagamento" withAsterisk />
          <MoneyInput<PayValues> name="amount_cents" label="Valor pago" withAsterisk />
          <MoneyInput<PayValues> name="charges_cents" label="Encargos" />
          <MoneyInput<PayValues> name="discount_cents" label="Desconto" />
          <NativeSelectField<PayValues> name="bank_account_id" label="Conta de débito" data={accounts} withAsterisk />
          <TextField<PayValues> name="receipt_file_id" label="Comprovante (arquivo)" />
        </SimpleGrid>
        <Actions onCancel={onDone} submitting={form.formState.isSubmitting} label="Registrar" />
      </Stack>
    </Form>
  );
}

const scheduleSchema = z.object({
  scheduled_date: z.string().nullable().refine((v) => v !== null, 'Informe a data.'),
  bank_account_id: z.string(),
});
type ScheduleValues = z.input<typeof scheduleSchema>;

function ScheduleForm({ installment, onDone }: { installment: PayableInstallmentDetail; onDone: () => void }) {
  const { schedule } = useInstallmentMutations();
  const accounts = useAccountOptions();
  const form = useZodForm(scheduleSchema, { defaultValues: { scheduled_date: installment.scheduled_date ?? null, bank_account_id: installment.bank_account_id ?? '' } });
  const submit = async (v: z.output<typeof scheduleSchema>) => {
    await schedule.mutateAsync({ id: installment.id, version: installment.version, scheduled_date: v.scheduled_date ?? '', bank_account_id: v.bank_account_id || undefined });
    notify(`Pagamento de ${installment.label} programado.`, 'success');
    onDone();
  };
  return (
    <Form form={form} onSubmit={submit} labels={fieldLabel} aria-label="Programar pagamento">
      <Stack gap="sm">
        <FormErrors labels={fieldLabel} />
        <Text size="sm">Um dia útil a partir de hoje (feriados do calendário não valem).</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DateInput<ScheduleValues> name="scheduled_date" label="Data programada" withAsterisk />
          <NativeSelectField<ScheduleValues> name="bank_account_id" label="Conta de débito" data={accounts} />
        </SimpleGrid>
        <Actions onCancel={onDone} submitting={form.formState.isSubmitting} label="Programar" />
      </Stack>
    </Form>
  );
}

const reverseSchema = z.object({ reason: z.string().trim().min(10, 'Explique em pelo menos 10 caracteres.').max(500, 'No máximo 500 caracteres.') });
type ReverseValues = z.input<typeof reverseSchema>;

function ReverseForm({ installment, payment, onDone }: { installment: PayableInstallmentDetail; payment: Payment; onDone: () => void }) {
  const { reverse } = useInstallmentMutations();
  const form = useZodForm(reverseSchema, { defaultValues: { reason: '' } });
  const submit = async (v: z.output<typeof reverseSchema>) => {
    await reverse.mutateAsync({ id: installment.id, paymentId: payment.id, reason: v.reason });
    notify('Pagamento estornado.', 'success');
    onDone();
  };
  return (
    <Form form={form} onSubmit={submit} labels={fieldLabel} aria-label="Estornar pagamento">
      <Stack gap="sm">
        <FormErrors labels={fieldLabel} />
        <Text size="sm">O pagamento deixa de valer e a parcela volta a ficar aprovada; ele continua no histórico.</Text>
        <TextareaField<ReverseValues> name="reason" label="Motivo" withAsterisk autosize minRows={3} />
        <Actions onCancel={onDone} submitting={form.formState.isSubmitting} label="Estornar pagamento" danger />
      </Stack>
    </Form>
  );
}
