import type { BankAccount } from '@backoffice/api-client/endpoints';
import { DateInput, Form, FormErrors, MoneyInput, NativeSelectField, notify, TextField, useZodForm, Button, Group, SimpleGrid, Stack, Text } from '@backoffice/ui';
import { z } from 'zod';
import { useBankAccountMutations, useSupportedBanks } from '../api/bankAccountQueries';

export const BANK_ACCOUNT_LABELS = {
  nickname: 'Apelido',
  bank: 'Banco',
  agency: 'Agência',
  agency_digit: 'Dígito da agência',
  account: 'Conta',
  account_digit: 'Dígito da conta',
  opening_balance_cents: 'Saldo inicial',
  opening_date: 'Data do saldo inicial',
};

const newSchema = z.object({
  nickname: z.string().trim().min(1, 'Informe um apelido para a conta (ex.: Itaú Operacional).').max(60, 'O apelido pode ter no máximo 60 caracteres.'),
  bank: z.string().min(1, 'Escolha o banco.'),
  agency: z.string().trim().regex(/^\d{1,5}$/, 'A agência tem de 1 a 5 números.'),
  agency_digit: z.string().trim().max(1, 'O dígito é um número ou X.'),
  account: z.string().trim().regex(/^\d{1,12}$/, 'A conta tem de 1 a 12 números (o dígito vai no campo ao lado).'),
  account_digit: z.string().trim().regex(/^[0-9xX]$/, 'O dígito é um número ou X.'),
  opening_balance_cents: z.number().int().nullable(),
  opening_date: z.string().nullable().refine((value) => value !== null, 'Informe a data do saldo inicial.'),
});
type NewValues = z.input<typeof newSchema>;

/** A new account: the bank (one of those whose files the system writes), agência, conta, opening balance. */
export function NewBankAccountForm({ onDone }: { onDone: () => void }) {
  const banks = useSupportedBanks();
  const { create } = useBankAccountMutations();
  const form = useZodForm(newSchema, {
    defaultValues: { nickname: '', bank: '', agency: '', agency_digit: '', account: '', account_digit: '', opening_balance_cents: 0, opening_date: null },
  });
  const bankOptions = [{ value: '', label: 'Escolha…' }, ...(banks.data?.items ?? []).map((b) => ({ value: b.code, label: `${b.code} · ${b.name}` }))];
  const submit = async (values: z.output<typeof newSchema>) => {
    const account = await create.mutateAsync({
      data: {
        nickname: values.nickname,
        bank: values.bank,
        agency: values.agency,
        ...(values.agency_digit ? { agency_digit: values.agency_digit } : {}),
        account: values.account,
        account_digit: values.account_digit,
        opening_balance_cents: values.opening_balance_cents ?? 0,
        ...(values.opening_date ? { opening_date: values.opening_date } : {}),
      },
    });
    notify(`Conta ${account.nickname} criada.`, 'success');
    onDone();
  };
  return (
    <Form form={form} onSubmit={submit} labels={BANK_ACCOUNT_LABELS} aria-label="Nova conta bancária">
      <Stack gap="sm">
        <FormErrors labels={BANK_ACCOUNT_LABELS} />
        <TextField<NewValues> name="nickname" label="Apelido" withAsterisk />
        <NativeSelectField<NewValues> name="bank" label="Banco" data={bankOptions} withAsterisk />
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <TextField<NewValues> name="agency" label="Agência" withAsterisk inputMode="numeric" />
          <TextField<NewValues> name="agency_digit" label="Dígito da agência" />
          <TextField<NewValues> name="account" label="Conta" withAsterisk inputMode="numeric" />
          <TextField<NewValues> name="account_digit" label="Dígito da conta" withAsterisk />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <MoneyInput<NewValues> name="opening_balance_cents" label="Saldo inicial" allowNegative />
          <DateInput<NewValues> name="opening_date" label="Data do saldo inicial" withAsterisk />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Criar conta
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

const editSchema = z.object({
  nickname: z.string().trim().min(1, 'Informe um apelido para a conta.').max(60, 'O apelido pode ter no máximo 60 caracteres.'),
  opening_balance_cents: z.number().int().nullable(),
  opening_date: z.string().nullable().refine((value) => value !== null, 'Informe a data do saldo inicial.'),
});
type EditValues = z.input<typeof editSchema>;

/** The nickname and the opening balance; bank, agência and conta identify the account and do not change. */
export function EditBankAccountForm({ account, onDone }: { account: BankAccount; onDone: () => void }) {
  const { update } = useBankAccountMutations();
  const form = useZodForm(editSchema, {
    defaultValues: { nickname: account.nickname, opening_balance_cents: account.opening_balance_cents, opening_date: account.opening_date },
  });
  const submit = async (values: z.output<typeof editSchema>) => {
    await update.mutateAsync({
      id: account.id,
      data: {
        version: account.version,
        nickname: values.nickname,
        opening_balance_cents: values.opening_balance_cents ?? 0,
        ...(values.opening_date ? { opening_date: values.opening_date } : {}),
      },
    });
    notify(`Conta ${values.nickname} alterada.`, 'success');
    onDone();
  };
  return (
    <Form form={form} onSubmit={submit} labels={BANK_ACCOUNT_LABELS} aria-label="Editar conta bancária">
      <Stack gap="sm">
        <FormErrors labels={BANK_ACCOUNT_LABELS} />
        <Text size="sm" c="dimmed">
          {account.bank} · {account.bank_name} · agência {account.agency}
          {account.agency_digit ? `-${account.agency_digit}` : ''} · conta {account.account}-{account.account_digit}
        </Text>
        <TextField<EditValues> name="nickname" label="Apelido" withAsterisk />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <MoneyInput<EditValues> name="opening_balance_cents" label="Saldo inicial" allowNegative />
          <DateInput<EditValues> name="opening_date" label="Data do saldo inicial" withAsterisk />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
