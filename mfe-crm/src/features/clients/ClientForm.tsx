import type { ClientKind } from '@backoffice/api-client';
import { maskCep, maskDocument, maskPhone } from '@backoffice/ui';
import { Button, Fieldset, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { KIND_LABELS, type ClientFormValues } from './clientModel';

interface ClientFormProps {
  initial: ClientFormValues;
  /** Server messages keyed by field (`document`, `emails[0]`, `address.cep`…). */
  errors: Record<string, string>;
  submitting: boolean;
  submitLabel: string;
  onSubmit: (values: ClientFormValues) => void;
  onCancel: () => void;
}

type TextKey = Exclude<keyof ClientFormValues, 'emails' | 'phones' | 'kind' | 'status'>;

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

  const text = (key: TextKey, label: string, mask?: (value: string) => string, errorKey: string = key) => (
    <TextInput label={label} value={values[key]} error={errors[errorKey]} onChange={(e) => set(key, mask ? mask(e.currentTarget.value) : e.currentTarget.value)} />
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
            value={values.kind}
            error={errors.kind}
            data={KIND_OPTIONS}
            onChange={(e) => {
              const kind = e.currentTarget.value as ClientKind;
              setValues((v) => ({ ...v, kind, document: maskDocument(v.document, kind) }));
            }}
          />
          {text('document', values.kind === 'person' ? 'CPF' : 'CNPJ', (v) => maskDocument(v, values.kind))}
          <NativeSelect
            label="Situação"
            value={values.status}
            error={errors.status}
            data={STATUS_OPTIONS}
            onChange={(e) => set('status', e.currentTarget.value as 'active' | 'inactive')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {text('name', values.kind === 'person' ? 'Nome' : 'Razão social')}
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
            {text('cep', 'CEP', maskCep, 'address.cep')}
            {text('street', 'Logradouro', undefined, 'address.street')}
            {text('number', 'Número', undefined, 'address.number')}
            {text('complement', 'Complemento', undefined, 'address.complement')}
            {text('district', 'Bairro', undefined, 'address.district')}
            {text('city', 'Cidade', undefined, 'address.city')}
            {text('state', 'UF', (v) => v.toUpperCase().slice(0, 2), 'address.state')}
          </SimpleGrid>
        </Fieldset>
        {text('notes', 'Observações')}
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
