import type { SupplierDetail } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import { Button, DocumentInput, Form, FormErrors, Group, NativeSelectField, notify, SimpleGrid, Stack, Text, TextField, useZodForm } from '@backoffice/ui';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ACCOUNT_TYPE_LABELS, fieldLabel, PIX_KEY_HINTS, PIX_KEY_TYPE_LABELS } from '../api/supplierModel';
import { useSupplierMutations } from '../api/suppliersQueries';

const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/** Says, before saving, whether what is added applies at once or waits for a manager. */
function PendingNotice() {
  const confirmsAtOnce = usePermission('fornecedores_dados_bancarios_confirmar');
  return (
    <Text size="sm" c="dimmed">
      {confirmsAtOnce
        ? 'Você é gestor: o dado vale assim que salvo; os demais gestores são avisados.'
        : 'O dado fica pendente de confirmação de um gestor financeiro e não é usado em pagamentos até lá.'}
    </Text>
  );
}

function Actions({ onCancel, submitting }: { onCancel: () => void; submitting: boolean }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Cancelar
      </Button>
      <Button type="submit" loading={submitting}>
        Incluir
      </Button>
    </Group>
  );
}

const accountSchema = z.object({
  bank: z.string().trim().regex(/^\d{3}$/, 'Informe o código do banco com 3 números (ex.: 341).'),
  agency: z.string().trim().regex(/^\d{1,5}$/, 'A agência tem de 1 a 5 números.'),
  agency_digit: z.string().trim().max(1, 'Um caractere.'),
  account: z.string().trim().regex(/^\d{1,12}$/, 'A conta tem de 1 a 12 números (o dígito vai ao lado).'),
  account_digit: z.string().trim().regex(/^[0-9Xx]$/, 'Um número ou X.'),
  account_type: z.string().min(1, 'Escolha o tipo de conta.'),
  holder_name: z.string().trim().min(1, 'Informe o titular.').max(120, 'No máximo 120 caracteres.'),
  holder_document: z.string().min(1, 'Informe o CPF ou o CNPJ do titular.'),
});
type AccountValues = z.input<typeof accountSchema>;

/** A bank account for the supplier's payments; the titular defaults to the supplier itself. */
export function BankAccountForm({ supplier, onDone }: { supplier: SupplierDetail; onDone: () => void }) {
  const { addBankAccount } = useSupplierMutations();
  const form = useZodForm(accountSchema, {
    defaultValues: { bank: '', agency: '', agency_digit: '', account: '', account_digit: '', account_type: 'CORRENTE', holder_name: supplier.name, holder_document: supplier.document },
  });
  const submit = async (values: z.output<typeof accountSchema>) => {
    const detail = await addBankAccount.mutateAsync({
      id: supplier.id,
      body: { ...values, agency_digit: values.agency_digit || undefined, account_digit: values.account_digit.toUpperCase() },
    });
    const added = detail.bank_accounts?.at(-1);
    notify(added?.status === 'PENDENTE' ? 'Conta incluída, pendente de confirmação.' : 'Conta incluída.', 'success');
    onDone();
  };
  return (
    <Form form={form} onSubmit={submit} labels={fieldLabel} aria-label="Incluir conta bancária">
      <Stack gap="sm">
        <FormErrors labels={fieldLabel} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextField<AccountValues> name="bank" label="Banco" withAsterisk inputMode="numeric" placeholder="341" />
          <TextField<AccountValues> name="agency" label="Agência" withAsterisk inputMode="numeric" />
          <TextField<AccountValues> name="agency_digit" label="Dígito da agência" />
          <TextField<AccountValues> name="account" label="Conta" withAsterisk inputMode="numeric" />
          <TextField<AccountValues> name="account_digit" label="Dígito da conta" withAsterisk />
          <NativeSelectField<AccountValues> name="account_type" label="Tipo de conta" data={options(ACCOUNT_TYPE_LABELS)} withAsterisk />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextField<AccountValues> name="holder_name" label="Titular" withAsterisk />
          <DocumentInput<AccountValues> name="holder_document" label="CPF ou CNPJ do titular" withAsterisk />
        </SimpleGrid>
        <PendingNotice />
        <Actions onCancel={onDone} submitting={form.formState.isSubmitting} />
      </Stack>
    </Form>
  );
}

const pixSchema = z.object({
  key_type: z.string().min(1, 'Escolha o tipo de chave.'),
  key: z.string().trim().min(1, 'Informe a chave.').max(77, 'No máximo 77 caracteres.'),
});
type PixValues = z.input<typeof pixSchema>;

/** A PIX key, checked by the server for its type (CPF, CNPJ, e-mail, celular with +55, aleatória). */
export function PixKeyForm({ supplier, onDone }: { supplier: SupplierDetail; onDone: () => void }) {
  const { addPixKey } = useSupplierMutations();
  const form = useZodForm(pixSchema, { defaultValues: { key_type: supplier.kind === 'PF' ? 'CPF' : 'CNPJ', key: '' } });
  const keyType = useWatch({ control: form.control, name: 'key_type' });
  const submit = async (values: z.output<typeof pixSchema>) => {
    const detail = await addPixKey.mutateAsync({ id: supplier.id, body: values });
    const added = detail.pix_keys?.at(-1);
    notify(added?.status === 'PENDENTE' ? 'Chave incluída, pendente de confirmação.' : 'Chave incluída.', 'success');
    onDone();
  };
  return (
    <Form form={form} onSubmit={submit} labels={fieldLabel} aria-label="Incluir chave PIX">
      <Stack gap="sm">
        <FormErrors labels={fieldLabel} />
        <NativeSelectField<PixValues> name="key_type" label="Tipo de chave" data={options(PIX_KEY_TYPE_LABELS)} withAsterisk />
        <TextField<PixValues> name="key" label="Chave PIX" withAsterisk description={PIX_KEY_HINTS[keyType]} />
        <PendingNotice />
        <Actions onCancel={onDone} submitting={form.formState.isSubmitting} />
      </Stack>
    </Form>
  );
}
