import type { BankAccount, PaymentAgreement, PaymentAgreementMethod } from '@backoffice/api-client/endpoints';
import { Form, FormErrors, NativeSelectField, notify, TextField, useZodForm, Button, Checkbox, Group, SimpleGrid, Stack, Text } from '@backoffice/ui';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { PAYMENT_METHOD_LABELS, useAgreementMutations } from '../api/agreementQueries';

const LABELS = {
  bank_account_id: 'Conta bancária',
  name: 'Nome do convênio',
  code: 'Código do convênio',
  next_file_sequence: 'Próximo sequencial de arquivo',
  methods: 'Formas de pagamento',
};

const schema = z.object({
  bank_account_id: z.string().min(1, 'Escolha a conta bancária.'),
  name: z.string().trim().min(2, 'Informe o nome do convênio.').max(60),
  code: z.string().trim().regex(/^\d+$/, 'O código do convênio tem só números.'),
  next_file_sequence: z.string().trim().regex(/^\d*$/, 'Um número inteiro.'),
  methods: z.array(z.string()).min(1, 'Escolha ao menos uma forma de pagamento.'),
});
type Values = z.input<typeof schema>;

/** A convênio de pagamentos (SISPAG / FEBRABAN, CNAB 240), new or edited. */
export function PaymentAgreementForm({ accounts, agreement, onDone }: { accounts: BankAccount[]; agreement?: PaymentAgreement; onDone: () => void }) {
  const { createPayment, updatePayment } = useAgreementMutations();
  const form = useZodForm(schema, {
    defaultValues: {
      bank_account_id: agreement?.bank_account_id ?? '',
      name: agreement?.name ?? '',
      code: agreement?.code ?? '',
      next_file_sequence: String(agreement?.next_file_sequence ?? 1),
      methods: agreement?.methods ?? ['TED', 'PIX', 'BOLETO'],
    },
  });
  const accountOptions = [{ value: '', label: 'Escolha…' }, ...accounts.filter((a) => a.active).map((a) => ({ value: a.id, label: `${a.nickname} · ${a.bank} ${a.bank_name}` }))];
  const submit = async (v: z.output<typeof schema>) => {
    const body = {
      name: v.name,
      code: v.code,
      next_file_sequence: v.next_file_sequence === '' ? undefined : Number(v.next_file_sequence),
      methods: v.methods as PaymentAgreementMethod[],
    };
    if (agreement) await updatePayment.mutateAsync({ id: agreement.id, data: { version: agreement.version, ...body } });
    else await createPayment.mutateAsync({ data: { bank_account_id: v.bank_account_id, layout: 'CNAB240', ...body } });
    notify(`Convênio ${v.name} ${agreement ? 'alterado' : 'criado'}.`, 'success');
    onDone();
  };
  return (
    <Form form={form} onSubmit={submit} labels={LABELS} aria-label={agreement ? 'Editar convênio de pagamentos' : 'Novo convênio de pagamentos'}>
      <Stack gap="sm">
        <FormErrors labels={LABELS} />
        {agreement ? (
          <Text size="sm" c="dimmed">
            {agreement.bank} · {agreement.bank_name} · CNAB 240
          </Text>
        ) : (
          <NativeSelectField<Values> name="bank_account_id" label="Conta bancária" data={accountOptions} withAsterisk />
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextField<Values> name="name" label="Nome do convênio" withAsterisk />
          <TextField<Values> name="code" label="Código do convênio" withAsterisk inputMode="numeric" />
          <TextField<Values> name="next_file_sequence" label="Próximo sequencial de arquivo" inputMode="numeric" />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="methods"
          render={({ field, fieldState }) => (
            <Checkbox.Group label="Formas de pagamento" value={field.value} onChange={field.onChange} error={fieldState.error?.message} withAsterisk>
              <Group mt="xs">
                {Object.entries(PAYMENT_METHOD_LABELS).map(([value, label]) => (
                  <Checkbox key={value} value={value} label={label} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {agreement ? 'Salvar' : 'Criar convênio'}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
