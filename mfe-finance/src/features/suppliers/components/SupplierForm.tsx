import { useListChartAccounts, useListCostCenters, type SupplierDetail } from '@backoffice/api-client/endpoints';
import { AddressFields, addressFormValues, addressFromForm, ADDRESS_REQUIRED, Button, DocumentInput, EMPTY_ADDRESS, Fieldset, Form, FormErrors, Group, hasAddress, NativeSelectField, notify, PhoneInput, SimpleGrid, Stack, Text, TextareaField, TextField, unmaskDigits, useZodForm } from '@backoffice/ui';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { fieldLabel, PAYMENT_METHOD_LABELS } from '../api/supplierModel';
import { useSupplierMutations } from '../api/suppliersQueries';

const address = z.object({ cep: z.string(), street: z.string(), number: z.string(), complement: z.string(), district: z.string(), city: z.string(), state: z.string() });

/**
 * What the form checks before sending: what is required and the lengths the server allows. The rest (CPF/CNPJ
 * check digits, e-mail, phone, CEP, UF, the default account being analytic and active) is the server's, whose
 * messages land on their fields.
 */
const supplierSchema = z
  .object({
    document: z.string().min(1, 'Informe o CPF ou o CNPJ.'),
    name: z.string().trim().min(1, 'Informe o nome ou a razão social.').max(120, 'No máximo 120 caracteres.'),
    trade_name: z.string().max(120, 'No máximo 120 caracteres.'),
    email: z.string(),
    phone: z.string(),
    default_payment_method: z.string(),
    default_chart_account_id: z.string(),
    default_cost_center_id: z.string(),
    notes: z.string().max(2000, 'No máximo 2.000 caracteres.'),
    address,
  })
  .superRefine((values, ctx) => {
    if (!hasAddress(values.address)) return;
    for (const key of ADDRESS_REQUIRED) {
      if (!values.address[key].trim()) ctx.addIssue({ code: 'custom', path: ['address', key], message: 'Campo obrigatório.' });
    }
  });
type Values = z.input<typeof supplierSchema>;

const EMPTY: Values = {
  document: '',
  name: '',
  trade_name: '',
  email: '',
  phone: '',
  default_payment_method: '',
  default_chart_account_id: '',
  default_cost_center_id: '',
  notes: '',
  address: EMPTY_ADDRESS,
};

function valuesOf(supplier: SupplierDetail): Values {
  return {
    document: supplier.document,
    name: supplier.name,
    trade_name: supplier.trade_name ?? '',
    email: supplier.email ?? '',
    phone: supplier.phone ? unmaskDigits(supplier.phone) : '',
    default_payment_method: supplier.default_payment_method ?? '',
    default_chart_account_id: supplier.default_chart_account_id ?? '',
    default_cost_center_id: supplier.default_cost_center_id ?? '',
    notes: supplier.notes ?? '',
    address: addressFormValues(supplier.address),
  };
}

/** The fields as the API takes them; `blank` is what a field left empty becomes (absent on creation, '' to clear). */
function bodyOf(values: Values, blank: (text: string) => string | undefined) {
  const text = (value: string) => blank(value.trim());
  return {
    name: values.name.trim(),
    trade_name: text(values.trade_name),
    email: text(values.email),
    phone: text(values.phone),
    default_payment_method: text(values.default_payment_method),
    default_chart_account_id: text(values.default_chart_account_id),
    default_cost_center_id: text(values.default_cost_center_id),
    notes: text(values.notes),
    address: addressFromForm(values.address),
  };
}

const PAYMENT_OPTIONS = [{ value: '', label: 'Nenhuma' }, ...Object.entries(PAYMENT_METHOD_LABELS).map(([value, label]) => ({ value, label }))];

/** The payment defaults: analytic, active accounts of the chart and active cost centres. */
function useDefaultsOptions() {
  const chart = useListChartAccounts();
  const centers = useListCostCenters();
  const accounts = (chart.data?.items ?? []).filter((account) => account.active && account.kind === 'ANALITICA');
  return {
    accounts: [{ value: '', label: 'Nenhuma' }, ...accounts.map((account) => ({ value: account.id, label: `${account.code} ${account.name}` }))],
    centers: [{ value: '', label: 'Nenhum' }, ...(centers.data?.items ?? []).filter((center) => center.active).map((center) => ({ value: center.id, label: `${center.code} ${center.name}` }))],
  };
}

function SupplierFields({ editing }: { editing: boolean }) {
  const options = useDefaultsOptions();
  const address = useWatch<Values, 'address'>({ name: 'address' });
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <DocumentInput<Values> name="document" label="CPF ou CNPJ" withAsterisk disabled={editing} description={editing ? 'O documento identifica o fornecedor e não muda.' : 'Pessoa física ou jurídica pelo documento.'} />
        <TextField<Values> name="name" label="Nome ou razão social" withAsterisk />
        <TextField<Values> name="trade_name" label="Nome fantasia" />
        <TextField<Values> name="email" label="E-mail" type="email" />
        <PhoneInput<Values> name="phone" label="Telefone" />
        <NativeSelectField<Values> name="default_payment_method" label="Forma de pagamento padrão" data={PAYMENT_OPTIONS} />
        <NativeSelectField<Values> name="default_chart_account_id" label="Conta do plano padrão" data={options.accounts} />
        <NativeSelectField<Values> name="default_cost_center_id" label="Centro de custo padrão" data={options.centers} />
      </SimpleGrid>
      <Fieldset legend="Endereço" variant="unstyled">
        <AddressFields<Values> required={hasAddress(address)} />
      </Fieldset>
      <TextareaField<Values> name="notes" label="Observações" autosize minRows={2} maxRows={6} />
      <Text size="xs" c="dimmed">
        * campo obrigatório
      </Text>
    </Stack>
  );
}

function Actions({ onCancel, submitting, label }: { onCancel: () => void; submitting: boolean; label: string }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Cancelar
      </Button>
      <Button type="submit" loading={submitting}>
        {label}
      </Button>
    </Group>
  );
}

/** A new supplier (without bank data: those are added on its panel, and wait for a manager when an assistant adds them). */
export function NewSupplierForm({ onDone }: { onDone: (created?: SupplierDetail) => void }) {
  const { create } = useSupplierMutations();
  const form = useZodForm(supplierSchema, { defaultValues: EMPTY });
  const submit = async (values: Values) => {
    const created = await create.mutateAsync({ document: values.document, ...bodyOf(values, (text) => text || undefined) });
    notify(`Fornecedor ${created.name} cadastrado.`, 'success');
    onDone(created);
  };
  return (
    <Form form={form} onSubmit={submit} labels={fieldLabel} aria-label="Novo fornecedor">
      <Stack gap="md">
        <FormErrors labels={fieldLabel} />
        <SupplierFields editing={false} />
        <Actions onCancel={() => onDone()} submitting={form.formState.isSubmitting} label="Cadastrar" />
      </Stack>
    </Form>
  );
}

/** The supplier's data over the version shown (a stale one is refused: someone saved first). */
export function EditSupplierForm({ supplier, onDone }: { supplier: SupplierDetail; onDone: () => void }) {
  const { update } = useSupplierMutations();
  const form = useZodForm(supplierSchema, { defaultValues: valuesOf(supplier) });
  const submit = async (values: Values) => {
    await update.mutateAsync({ id: supplier.id, body: { version: supplier.version, ...bodyOf(values, (text) => text) } });
    notify(`Fornecedor ${values.name.trim()} alterado.`, 'success');
    onDone();
  };
  return (
    <Form form={form} onSubmit={submit} labels={fieldLabel} aria-label="Editar fornecedor">
      <Stack gap="md">
        <FormErrors labels={fieldLabel} />
        <SupplierFields editing />
        <Actions onCancel={onDone} submitting={form.formState.isSubmitting} label="Salvar" />
      </Stack>
    </Form>
  );
}
