import type { FunnelSettings, Opportunity } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import { Button, DateInput, Form, FormErrors, Group, MoneyInput, NativeSelectField, PhoneInput, SelectField, SimpleGrid, Stack, TextField, useZodForm, SegmentedControl, TextInput } from '@backoffice/ui';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useClientOptions, usePickers } from '../../../lib/pickers';
import { OPPORTUNITY_FIELD_LABELS } from '../api/funnelModel';
import { useOpportunityMutations } from '../api/funnelQueries';

const schema = z
  .object({
    title: z.string().trim().min(1, 'Informe o título da oportunidade.').max(120, 'O título pode ter no máximo 120 caracteres.'),
    who: z.enum(['client', 'contact']),
    client_id: z.string().nullable(),
    contact_name: z.string().trim().max(120),
    contact_phone: z.string(),
    contact_email: z.string().trim().max(254),
    expected_value_cents: z.number().int().nonnegative().nullable(),
    expected_close_on: z.string().nullable(),
    source: z.string().min(1, 'Escolha a origem.'),
    owner_id: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.who === 'client' && !v.client_id) ctx.addIssue({ code: 'custom', path: ['client_id'], message: 'Escolha o cliente.' });
    if (v.who === 'contact' && !v.contact_name) ctx.addIssue({ code: 'custom', path: ['contact_name'], message: 'Informe o nome do contato.' });
    if (v.who === 'contact' && !v.contact_phone && !v.contact_email) ctx.addIssue({ code: 'custom', path: ['contact_phone'], message: 'Informe o telefone ou o e-mail do contato.' });
  });
type Values = z.input<typeof schema>;

/**
 * A new lead: a client of the caller's portfolio or an inline contact, with its value, source and owner. With
 * `client` (the client's page) the lead is that client's, and the choice of who it is goes away.
 */
export function LeadForm({ settings, client, onDone }: { settings: FunnelSettings | undefined; client?: { id: string; name: string }; onDone: (saved: Opportunity) => void }) {
  const { create } = useOpportunityMutations();
  const reachesOthers = usePermission('clientes_transferir');
  const { users } = usePickers();
  const [search, setSearch] = useState('');
  const clients = useClientOptions(search);
  const form = useZodForm(schema, {
    defaultValues: { title: '', who: client ? 'client' : 'contact', client_id: client?.id ?? null, contact_name: '', contact_phone: '', contact_email: '', expected_value_cents: null, expected_close_on: null, source: '', owner_id: '' },
  });
  const who = useWatch({ control: form.control, name: 'who' });
  const sources = [{ value: '', label: 'Escolha a origem' }, ...(settings?.sources ?? [])];
  const owners = [{ value: '', label: 'Eu mesmo' }, ...(users.data ?? []).map((u) => ({ value: u.uid, label: u.name }))];
  const submit = async (v: z.output<typeof schema>) => {
    const byClient = v.who === 'client';
    const saved = await create.mutateAsync({
      data: {
        title: v.title,
        client_id: byClient ? (v.client_id ?? undefined) : undefined,
        contact_name: byClient ? undefined : v.contact_name,
        contact_phone: byClient || !v.contact_phone ? undefined : v.contact_phone,
        contact_email: byClient || !v.contact_email ? undefined : v.contact_email,
        expected_value_cents: v.expected_value_cents ?? 0,
        expected_close_on: v.expected_close_on ?? undefined,
        source: v.source,
        owner_id: v.owner_id || undefined,
      },
    });
    onDone(saved);
  };
  return (
    <Form form={form} onSubmit={submit} labels={OPPORTUNITY_FIELD_LABELS} aria-label="Novo lead">
      <Stack gap="sm">
        <FormErrors labels={OPPORTUNITY_FIELD_LABELS} />
        <TextField<Values> name="title" label="Título" withAsterisk placeholder="Implante superior" />
        {client ? (
          <TextInput label="Cliente" value={client.name} readOnly />
        ) : (
          <SegmentedControl
            aria-label="Quem é o lead"
            value={who}
            onChange={(value) => form.setValue('who', value === 'client' ? 'client' : 'contact')}
            data={[
              { value: 'contact', label: 'Novo contato' },
              { value: 'client', label: 'Cliente cadastrado' },
            ]}
          />
        )}
        {client ? null : who === 'client' ? (
          <SelectField<Values>
            name="client_id"
            label="Cliente"
            withAsterisk
            searchable
            data={clients}
            onSearchChange={setSearch}
            nothingFoundMessage="Nenhum cliente encontrado"
            placeholder="Nome, CPF/CNPJ, e-mail ou telefone"
            filter={({ options }) => options}
            comboboxProps={{ withinPortal: true }}
          />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextField<Values> name="contact_name" label="Nome do contato" withAsterisk />
            <PhoneInput<Values> name="contact_phone" label="Telefone" />
            <TextField<Values> name="contact_email" label="E-mail" type="email" />
          </SimpleGrid>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <MoneyInput<Values> name="expected_value_cents" label="Valor esperado" />
          <DateInput<Values> name="expected_close_on" label="Previsão de fechamento" />
          <NativeSelectField<Values> name="source" label="Origem" withAsterisk data={sources} />
          {reachesOthers && <NativeSelectField<Values> name="owner_id" label="Responsável" data={owners} />}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {client ? 'Criar oportunidade' : 'Criar lead'}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
