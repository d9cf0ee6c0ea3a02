import type { ClientKind } from '@backoffice/api-client';
import { maskCep, maskDocument, maskPhone } from '@backoffice/ui';
import { Button, Fieldset, Group, NativeSelect, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { hasAddress, KIND_LABELS, UFS, type ClientFormValues } from './clientModel';

interface ClientFormProps {
  initial: ClientFormValues;
  /** Server messages keyed by field (`document`, `emails[0]`, `address.cep`…). */
  errors: Record<string, string>;
  submitting: boolean;
  submitLabel: string;
  onSubmit: (values: ClientFormValues) => void;
  onCancel: () => void;
}

type TextKey = Exclude<keyof ClientFormValues, 'emails' | 'phones' | 'kind' | 'status' | 'state' | 'notes'>;

const KIND_OPTIONS = Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }));
const STATUS_OPTIONS = [
  { value: 'active', label: 'Ativo' },
  { value: 'inactive', label: 'Inativo' },
];

export function ClientForm({ initial, errors, submitting, submitLabel, onSubmit, onCancel }: ClientFormProps) {
  const [values, setValues] = useState(initial);
  const set = <K extends keyof ClientFormValues>(key: K, value: ClientFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const setListItem = (key: 'emails' | 'phones', index: number, value: string) =>
    setValues((v) => ({ ...v, [key]: v[key].map((item, i) => (i === index ? value : item)) }));

  // Required as on the server: type, document, name and situation always; CEP, street, city and UF once any
  // part of the address is filled in.
  const withAddress = hasAddress(values);
  const text = (key: TextKey, label: string, options: { mask?: (value: string) => string; errorKey?: string; required?: boolean } = {}) => (
    <TextInput
      label={label}
      value={values[key]}
      error={errors[options.errorKey ?? key]}
      withAsterisk={options.required}
      aria-required={options.required || undefined}
      onChange={(e) => set(key, options.mask ? options.mask(e.currentTarget.value) : e.currentTarget.value)}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(values);
  };

  return (
    <Paper component="form" withBorder p="lg" radius="md" onSubmit={submit} noValidate>
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <NativeSelect
            label="Tipo"
            withAsterisk
            value={values.kind}
            error={errors.kind}
            data={KIND_OPTIONS}
            onChange={(e) => {
              const kind = e.currentTarget.value as ClientKind;
              setValues((v) => ({ ...v, kind, document: maskDocument(v.document, kind) }));
            }}
          />
          {text('document', values.kind === 'person' ? 'CPF' : 'CNPJ', { mask: (v) => maskDocument(v, values.kind), required: true })}
          <NativeSelect
            label="Situação"
            withAsterisk
            value={values.status}
            error={errors.status}
            data={STATUS_OPTIONS}
            onChange={(e) => set('status', e.currentTarget.value as 'active' | 'inactive')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {text('name', values.kind === 'person' ? 'Nome' : 'Razão social', { required: true })}
          {values.kind === 'company' && text('trade_name', 'Nome fantasia')}
        </SimpleGrid>
        <Fieldset legend={<Legend>Contatos</Legend>} variant="unstyled">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {values.emails.map((email, i) => (
              <TextInput
                key={`e${i}`}
                label={`E-mail ${i + 1}`}
                type="email"
                value={email}
                error={errors[`emails[${i}]`]}
                onChange={(e) => setListItem('emails', i, e.currentTarget.value)}
              />
            ))}
            {values.phones.map((phone, i) => (
              <TextInput
                key={`p${i}`}
                label={`Telefone ${i + 1}`}
                type="tel"
                value={phone}
                error={errors[`phones[${i}]`]}
                onChange={(e) => setListItem('phones', i, maskPhone(e.currentTarget.value))}
              />
            ))}
          </SimpleGrid>
          <Group gap="xs" mt="sm">
            <Button variant="light" size="xs" onClick={() => set('emails', [...values.emails, ''])}>
              Adicionar e-mail
            </Button>
            <Button variant="light" size="xs" onClick={() => set('phones', [...values.phones, ''])}>
              Adicionar telefone
            </Button>
          </Group>
        </Fieldset>
        <Fieldset legend={<Legend>Endereço</Legend>} variant="unstyled">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
            {text('cep', 'CEP', { mask: maskCep, errorKey: 'address.cep', required: withAddress })}
            {text('street', 'Logradouro', { errorKey: 'address.street', required: withAddress })}
            {text('number', 'Número', { errorKey: 'address.number' })}
            {text('complement', 'Complemento', { errorKey: 'address.complement' })}
            {text('district', 'Bairro', { errorKey: 'address.district' })}
            {text('city', 'Cidade', { errorKey: 'address.city', required: withAddress })}
            <Select
              label="UF"
              placeholder="Escolha o estado"
              data={UFS}
              value={values.state || null}
              onChange={(state) => set('state', state ?? '')}
              searchable
              clearable
              nothingFoundMessage="Nenhum estado encontrado"
              withAsterisk={withAddress}
              aria-required={withAddress || undefined}
              error={errors['address.state']}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
        </Fieldset>
        <Textarea
          label="Observações"
          value={values.notes}
          error={errors.notes}
          onChange={(e) => set('notes', e.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={8}
        />
        <Text size="xs" c="dimmed">
          * campo obrigatório
        </Text>
        <Group gap="sm">
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function Legend({ children }: { children: string }) {
  return (
    <Text component="span" fw={700} size="sm" tt="uppercase" c="dimmed" mb="xs" display="block">
      {children}
    </Text>
  );
}
