import type { InstallmentDetail, ReceivableInstallment as InstallmentView } from '@backoffice/api-client/endpoints';
import { Button, DateInput, Form, FormErrors, formatCentavos, formatDate, Group, MoneyInput, NativeSelectField, notify, SimpleGrid, Spinner, Stack, Text, TextareaField, TextField, todayInSaoPaulo, useDetailParam, useZodForm, Checkbox } from '@backoffice/ui';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { fieldLabel, METHOD_LABELS } from '../api/receivableModel';
import { useOpenInstallmentsOf, useRenegotiate } from '../api/installmentExtrasQueries';
import { InstallmentsPreview } from './NewReceivableForm';

const schema = z.object({
  total_cents: z.number().int().nullable().refine((value) => value !== null && value > 0, 'Informe o novo total.'),
  count: z.string().regex(/^\d{1,3}$/, 'De 1 a 120 parcelas.'),
  first_due: z.string().nullable().refine((value) => value !== null, 'Informe o primeiro vencimento.'),
  interval_days: z.string(),
  payment_method: z.string(),
  reason: z.string().trim().min(10, 'Explique em pelo menos 10 caracteres.').max(500, 'No máximo 500 caracteres.'),
});
type Values = z.input<typeof schema>;

const INTERVALS = [
  { value: '0', label: 'Mensal (mesmo dia)' },
  { value: '7', label: 'A cada 7 dias' },
  { value: '15', label: 'A cada 15 dias' },
  { value: '30', label: 'A cada 30 dias' },
];
const METHOD_OPTIONS = Object.entries(METHOD_LABELS).map(([value, label]) => ({ value, label }));
const LABELS: Record<string, string> = { count: 'Parcelas', installments: 'Parcelas renegociadas', total_cents: 'Novo total' };
const labelOf = (path: string) => LABELS[path] ?? fieldLabel(path);

function Preview() {
  const [total, count, first, interval] = useWatch<Values, ['total_cents', 'count', 'first_due', 'interval_days']>({ name: ['total_cents', 'count', 'first_due', 'interval_days'] });
  return <InstallmentsPreview total={total} count={count} first={first} interval={interval} />;
}

/**
 * Renegotiation: this installment and, if chosen, the client's other open ones become one new título (origin
 * RENEGOCIACAO) whose total starts as the sum of their saldos (juros or a discount change it); they end RENEGOCIADO.
 */
export function RenegotiateForm({ installment, onDone }: { installment: InstallmentDetail; onDone: () => void }) {
  const others = useOpenInstallmentsOf(installment.client_id);
  const renegotiate = useRenegotiate();
  const panel = useDetailParam('parcela');
  const [chosen, setChosen] = useState<Map<string, InstallmentView>>(() => new Map([[installment.id, installment]]));
  const saldo = [...chosen.values()].reduce((sum, i) => sum + i.balance_cents, 0);
  const form = useZodForm(schema, {
    defaultValues: { total_cents: installment.balance_cents, count: '1', first_due: todayInSaoPaulo(), interval_days: '0', payment_method: installment.payment_method, reason: '' },
  });
  const toggle = (item: InstallmentView, on: boolean) => {
    const next = new Map(chosen);
    if (on) next.set(item.id, item);
    else next.delete(item.id);
    setChosen(next);
    form.setValue('total_cents', [...next.values()].reduce((sum, i) => sum + i.balance_cents, 0));
  };
  const submit = async (values: z.output<typeof schema>) => {
    const created = await renegotiate.mutateAsync({
      installments: [...chosen.values()].map((i) => ({ id: i.id, version: i.version })),
      total_cents: values.total_cents ?? 0,
      count: Number(values.count),
      first_due: values.first_due ?? '',
      interval_days: Number(values.interval_days) || undefined,
      payment_method: values.payment_method,
      reason: values.reason,
    });
    notify(`Renegociado: título ${created.number} com ${created.installments.length} ${created.installments.length === 1 ? 'parcela' : 'parcelas'}.`, 'success');
    onDone();
    const first = created.installments[0];
    if (first) panel.open(first.id);
  };
  const candidates = (others.data?.items ?? []).filter((i) => i.id !== installment.id);
  return (
    <Form form={form} onSubmit={submit} labels={labelOf} aria-label="Renegociar">
      <Stack gap="sm">
        <FormErrors labels={labelOf} />
        <Text size="sm">As parcelas escolhidas ficam RENEGOCIADAS e um novo título as substitui. Dinheiro que chegar para elas depois vira pendência.</Text>
        <Stack gap={4} role="group" aria-label="Parcelas renegociadas">
          <Checkbox checked disabled label={`${installment.label} · vence ${formatDate(installment.due_date)} · saldo ${formatCentavos(installment.balance_cents)}`} />
          {others.isPending ? (
            <Spinner />
          ) : (
            candidates.map((item) => (
              <Checkbox
                key={item.id}
                checked={chosen.has(item.id)}
                onChange={(event) => toggle(item, event.currentTarget.checked)}
                label={`${item.label} · vence ${formatDate(item.due_date)} · saldo ${formatCentavos(item.balance_cents)}`}
              />
            ))
          )}
        </Stack>
        <Text size="sm" fw={500}>
          Saldo renegociado: {formatCentavos(saldo)}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <MoneyInput<Values> name="total_cents" label="Novo total" withAsterisk description="Com juros ou desconto, se houver." />
          <TextField<Values> name="count" label="Parcelas" withAsterisk inputMode="numeric" />
          <DateInput<Values> name="first_due" label="Primeiro vencimento" withAsterisk />
          <NativeSelectField<Values> name="interval_days" label="Intervalo" data={INTERVALS} />
          <NativeSelectField<Values> name="payment_method" label="Forma prevista" data={METHOD_OPTIONS} />
        </SimpleGrid>
        <Preview />
        <TextareaField<Values> name="reason" label="Motivo" withAsterisk autosize minRows={2} description="De 10 a 500 caracteres; fica no histórico." />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Voltar
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Renegociar
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
