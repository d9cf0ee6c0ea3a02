import { useListBankAccounts, type InstallmentDetail } from '@backoffice/api-client/endpoints';
import { Button, DateInput, Form, FormErrors, formatCentavos, Group, MoneyInput, NativeSelectField, notify, SimpleGrid, Stack, Text, TextareaField, todayInSaoPaulo, useZodForm } from '@backoffice/ui';
import { z } from 'zod';
import { fieldLabel, METHOD_LABELS } from '../api/receivableModel';
import { useInstallmentMutations } from '../api/receivablesQueries';
import type { InstallmentAction } from './InstallmentDrawer';
import { RenegotiateForm } from './RenegotiateForm';

const reason = z.string().trim().min(10, 'Explique em pelo menos 10 caracteres.').max(500, 'No máximo 500 caracteres.');
const METHOD_OPTIONS = Object.entries(METHOD_LABELS).map(([value, label]) => ({ value, label }));

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

interface ActionProps {
  action: InstallmentAction;
  installment: InstallmentDetail;
  onDone: () => void;
}

/** The form of one action on an installment (the drawer's buttons). */
export function InstallmentActionForm({ action, installment, onDone }: ActionProps) {
  if (action === 'receive') return <ReceiptForm installment={installment} onDone={onDone} />;
  if (action === 'extend') return <ExtendForm installment={installment} onDone={onDone} />;
  if (action === 'renegotiate') return <RenegotiateForm installment={installment} onDone={onDone} />;
  return <ReasonForm action={action} installment={installment} onDone={onDone} />;
}

const receiptSchema = z.object({
  date: z.string().nullable().refine((value) => value !== null, 'Informe a data do recebimento.'),
  amount_cents: z.number().int().nullable().refine((value) => value !== null && value > 0, 'Informe o valor recebido.'),
  interest_cents: z.number().int().nullable(),
  fine_cents: z.number().int().nullable(),
  discount_cents: z.number().int().nullable(),
  bank_account_id: z.string().min(1, 'Escolha a conta em que o dinheiro entrou.'),
  method: z.string().min(1, 'Informe a forma.'),
});
type ReceiptValues = z.input<typeof receiptSchema>;

/**
 * A receipt: the amount that came in (the saldo by default), with the juros, multa and desconto declared; more than
 * the saldo must be declared as juros or multa (the server says by how much).
 */
function ReceiptForm({ installment, onDone }: { installment: InstallmentDetail; onDone: () => void }) {
  const { receive } = useInstallmentMutations();
  const accounts = useListBankAccounts();
  const accountOptions = [{ value: '', label: 'Escolha…' }, ...(accounts.data?.items ?? []).filter((a) => a.active).map((a) => ({ value: a.id, label: a.nickname }))];
  const form = useZodForm(receiptSchema, {
    defaultValues: {
      date: todayInSaoPaulo(),
      amount_cents: installment.balance_cents,
      interest_cents: 0,
      fine_cents: 0,
      discount_cents: 0,
      bank_account_id: installment.bank_account_id ?? '',
      method: installment.payment_method === 'BOLETO' ? 'PIX' : installment.payment_method,
    },
  });
  const submit = async (values: z.output<typeof receiptSchema>) => {
    const detail = await receive.mutateAsync({
      id: installment.id,
      body: {
        version: installment.version,
        date: values.date ?? '',
        amount_cents: values.amount_cents ?? 0,
        interest_cents: values.interest_cents ?? 0,
        fine_cents: values.fine_cents ?? 0,
        discount_cents: values.discount_cents ?? 0,
        bank_account_id: values.bank_account_id,
        method: values.method,
      },
    });
    notify(detail.status === 'PAGO' ? `Parcela ${detail.label} quitada.` : `Recebimento registrado; saldo ${formatCentavos(detail.balance_cents)}.`, 'success');
    onDone();
  };
  return (
    <Form form={form} onSubmit={submit} labels={fieldLabel} aria-label="Registrar recebimento">
      <Stack gap="sm">
        <FormErrors labels={fieldLabel} />
        <Text size="sm">Saldo da parcela: {formatCentavos(installment.balance_cents)}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DateInput<ReceiptValues> name="date" label="Data do recebimento" withAsterisk />
          <MoneyInput<ReceiptValues> name="amount_cents" label="Valor recebido" withAsterisk />
          <MoneyInput<ReceiptValues> name="interest_cents" label="Juros" />
          <MoneyInput<ReceiptValues> name="fine_cents" label="Multa" />
          <MoneyInput<ReceiptValues> name="discount_cents" label="Desconto" />
          <NativeSelectField<ReceiptValues> name="method" label="Forma" data={METHOD_OPTIONS} withAsterisk />
          <NativeSelectField<ReceiptValues> name="bank_account_id" label="Conta" data={accountOptions} withAsterisk />
        </SimpleGrid>
        <Actions onCancel={onDone} submitting={form.formState.isSubmitting} label="Registrar" />
      </Stack>
    </Form>
  );
}

const extendSchema = z.object({
  due_date: z.string().nullable().refine((value) => value !== null, 'Informe o novo vencimento.'),
  reason,
});
type ExtendValues = z.input<typeof extendSchema>;

function ExtendForm({ installment, onDone }: { installment: InstallmentDetail; onDone: () => void }) {
  const { extend } = useInstallmentMutations();
  const form = useZodForm(extendSchema, { defaultValues: { due_date: null, reason: '' } });
  const submit = async (values: z.output<typeof extendSchema>) => {
    await extend.mutateAsync({ id: installment.id, body: { version: installment.version, due_date: values.due_date ?? '', reason: values.reason } });
    notify(`Vencimento de ${installment.label} prorrogado.`, 'success');
    onDone();
  };
  return (
    <Form form={form} onSubmit={submit} labels={fieldLabel} aria-label="Prorrogar vencimento">
      <Stack gap="sm">
        <FormErrors labels={fieldLabel} />
        <DateInput<ExtendValues> name="due_date" label="Novo vencimento" withAsterisk />
        <TextareaField<ExtendValues> name="reason" label="Motivo" withAsterisk autosize minRows={2} description="De 10 a 500 caracteres; fica no histórico." />
        <Actions onCancel={onDone} submitting={form.formState.isSubmitting} label="Prorrogar" />
      </Stack>
    </Form>
  );
}

const reasonSchema = z.object({ reason });
type ReasonValues = z.input<typeof reasonSchema>;

type ReasonText = { intro: string; submit: string; done: string; danger?: boolean };
const CANCEL_TEXT: ReasonText = { intro: 'A parcela deixa de ser cobrada; um boleto registrado recebe pedido de baixa. Dinheiro que chegar depois vira pendência.', submit: 'Cancelar parcela', done: 'Parcela cancelada.', danger: true };
const REASON_TEXT: Record<string, ReasonText> = {
  cancel: CANCEL_TEXT,
  writeOff: { intro: 'O saldo vira perda, sem recebimento. Até a sua alçada; acima dela, peça a um gestor.', submit: 'Baixar sem recebimento', done: 'Parcela baixada sem recebimento.', danger: true },
  revertWriteOff: { intro: 'A parcela volta a ficar em aberto.', submit: 'Reverter baixa', done: 'Baixa revertida.' },
  reverse: { intro: 'O recebimento deixa de valer e o saldo volta à parcela; ele continua no histórico.', submit: 'Estornar recebimento', done: 'Recebimento estornado.', danger: true },
};

/** Cancel, write off, revert a write-off or reverse a receipt: each asks why (10–500 characters, kept in the history). */
function ReasonForm({ action, installment, onDone }: ActionProps) {
  const mutations = useInstallmentMutations();
  const kind = typeof action === 'string' ? action : 'reverse';
  const text = REASON_TEXT[kind] ?? CANCEL_TEXT;
  const form = useZodForm(reasonSchema, { defaultValues: { reason: '' } });
  const submit = async ({ reason: why }: z.output<typeof reasonSchema>) => {
    const id = installment.id;
    const version = installment.version;
    if (typeof action !== 'string') await mutations.reverse.mutateAsync({ id, receiptId: action.reverse.id, reason: why });
    else if (action === 'cancel') await mutations.cancel.mutateAsync({ id, body: { version, reason: why } });
    else if (action === 'writeOff') await mutations.writeOff.mutateAsync({ id, body: { version, reason: why } });
    else await mutations.revertWriteOff.mutateAsync({ id, reason: why });
    notify(text.done, 'success');
    onDone();
  };
  return (
    <Form form={form} onSubmit={submit} labels={fieldLabel} aria-label={text.submit}>
      <Stack gap="sm">
        <FormErrors labels={fieldLabel} />
        <Text size="sm">{text.intro}</Text>
        <TextareaField<ReasonValues> name="reason" label="Motivo" withAsterisk autosize minRows={3} description="De 10 a 500 caracteres; fica no histórico." />
        <Actions onCancel={onDone} submitting={form.formState.isSubmitting} label={text.submit} danger={text.danger} />
      </Stack>
    </Form>
  );
}
