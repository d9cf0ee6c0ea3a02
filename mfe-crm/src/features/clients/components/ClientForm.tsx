import { usePermission } from '@backoffice/auth';
import { AddressFields, CheckboxField, DateInput, DocumentInput, hasAddress, Form, FormErrors, NativeSelectField, PhoneInput, SelectField, TagsField, TextareaField, TextField, useZodForm, Button, Fieldset, Group, Paper, SimpleGrid, Stack, Text } from '@backoffice/ui';
import { usePickers } from '../../../lib/pickers';
import { useWatch } from 'react-hook-form';
import { fieldLabel, KIND_LABELS } from '../api/clientModel';
import { clientFormSchema, type ClientFormValues } from './clientFormModel';

interface ClientFormProps {
  initial: ClientFormValues;
  submitLabel: string;
  /** Saves; a refusal it throws (ApiError) goes on the fields it names, and above the form by their labels. */
  onSubmit: (values: ClientFormValues) => Promise<unknown>;
  onCancel: () => void;
}

const KIND_OPTIONS = Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }));
const STATUS_OPTIONS = [
  { value: 'active', label: 'Ativo' },
  { value: 'inactive', label: 'Inativo' },
];

type V = ClientFormValues;

export function ClientForm({ initial, submitLabel, onSubmit, onCancel }: ClientFormProps) {
  const form = useZodForm(clientFormSchema, { defaultValues: initial });
  const [kind, emails, phones, address] = useWatch({ control: form.control, name: ['kind', 'emails', 'phones', 'address'] });
  // The labels the person sees, by the server's names for the fields (never the API names).
  const labels = (path: string) => fieldLabel(path, kind);
  // Required as on the server: type, document, name and situation always; CEP, street, city and UF once any
  // part of the address is filled in.
  const withAddress = hasAddress(address);
  const add = (list: 'emails' | 'phones') => form.setValue(list, [...form.getValues(list), '']);
  const { users, units } = usePickers();
  // A salesperson's client is theirs: moving a portfolio is `clientes_transferir`'s, on the server too.
  const mayMove = usePermission('clientes_transferir');
  const ownerOptions = (users.data ?? []).map((u) => ({ value: u.uid, label: u.name }));
  const unitOptions = (units.data ?? []).filter((u) => u.active || u.id === initial.unit_id).map((u) => ({ value: u.id, label: `${u.code} — ${u.name}` }));
  return (
    <Form form={form} onSubmit={onSubmit} labels={labels}>
      <Stack gap="md">
        <FormErrors labels={labels} />
        <Paper withBorder p="lg" radius="md">
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <NativeSelectField<V> name="kind" label="Tipo" data={KIND_OPTIONS} withAsterisk />
              <DocumentInput<V> name="document" kind={kind} withAsterisk />
              <NativeSelectField<V> name="status" label="Situação" data={STATUS_OPTIONS} withAsterisk />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextField<V> name="name" label={kind === 'person' ? 'Nome' : 'Razão social'} withAsterisk />
              {kind === 'company' && <TextField<V> name="trade_name" label="Nome fantasia" />}
            </SimpleGrid>
            <Fieldset legend={<Legend>Contatos</Legend>} variant="unstyled">
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                {emails.map((_, i) => (
                  <TextField<V> key={`e${i}`} name={`emails.${i}`} label={`E-mail ${i + 1}`} type="email" />
                ))}
                {phones.map((_, i) => (
                  <PhoneInput<V> key={`p${i}`} name={`phones.${i}`} label={`Telefone ${i + 1}`} />
                ))}
              </SimpleGrid>
              <Group gap="xs" mt="sm">
                <Button variant="light" size="xs" onClick={() => add('emails')}>
                  Adicionar e-mail
                </Button>
                <Button variant="light" size="xs" onClick={() => add('phones')}>
                  Adicionar telefone
                </Button>
              </Group>
            </Fieldset>
            <Fieldset legend={<Legend>Endereço</Legend>} variant="unstyled">
              <AddressFields<V> required={withAddress} />
            </Fieldset>
            <Fieldset legend={<Legend>Carteira</Legend>} variant="unstyled">
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                <SelectField<V> name="owner_id" label="Responsável" data={ownerOptions} searchable clearable disabled={!mayMove} placeholder="Sem responsável" />
                <SelectField<V> name="unit_id" label="Unidade" data={unitOptions} searchable clearable placeholder="Sem unidade" />
                <TagsField<V> name="tags" label="Etiquetas" placeholder="Digite e tecle Enter" />
                {kind === 'person' && <DateInput<V> name="birth_date" label="Data de nascimento" />}
              </SimpleGrid>
              <CheckboxField<V> name="do_not_contact" label="Não contatar (o cliente pediu para não receber contato de vendas)" mt="sm" />
            </Fieldset>
            <TextareaField<V> name="notes" label="Observações" autosize minRows={3} maxRows={8} />
            <Text size="xs" c="dimmed">
              * campo obrigatório
            </Text>
            <Group gap="sm">
              <Button type="submit" loading={form.formState.isSubmitting}>
                {submitLabel}
              </Button>
              <Button variant="default" onClick={onCancel}>
                Cancelar
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </Form>
  );
}

function Legend({ children }: { children: string }) {
  return (
    <Text component="span" fw={700} size="sm" tt="uppercase" c="dimmed" mb="xs" display="block">
      {children}
    </Text>
  );
}
