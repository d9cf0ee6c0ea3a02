import type { CrmUser } from '@backoffice/api-client/endpoints';
import { Button, DateInput, DocumentInput, Form, FormErrors, Group, NativeSelectField, notify, PercentInput, PhoneInput, SelectField, SimpleGrid, Stack, TextField, useZodForm } from '@backoffice/ui';
import { z } from 'zod';
import { usePickers } from '../../../lib/pickers';
import { useCrmUserMutations } from '../api/crmUserQueries';
import { PROFILE_LABELS } from './profileLabels';


const schema = z.object({
  user_id: z.string().min(1, 'Escolha o usuário.'),
  display_name: z.string().trim().min(1, 'Informe o nome de exibição.').max(120),
  whatsapp: z.string(),
  unit_id: z.string(),
  employment: z.enum(['clt', 'pj']),
  cnpj: z.string(),
  legal_name: z.string(),
  municipality: z.string(),
  // PercentInput keeps hundredths: 5,00 % is 500 basis points.
  discount_limit_bp: z.number().int().min(0).max(10_000, 'No máximo 100 %.').nullable(),
  hired_on: z.string().nullable(),
});
type Values = z.input<typeof schema>;

/** A new CRM profile for a sales user, or a change to `profile` (ADMIN). */
export function ProfileForm({ profile, onDone }: { profile: CrmUser | null; onDone: (saved: CrmUser) => void }) {
  const { create, update } = useCrmUserMutations();
  const { users, units } = usePickers();
  const userOptions = (users.data ?? []).map((u) => ({ value: u.uid, label: u.name }));
  const unitOptions = (units.data ?? []).filter((u) => u.active || u.id === profile?.unit_id).map((u) => ({ value: u.id, label: `${u.code} — ${u.name}` }));
  const form = useZodForm(schema, {
    defaultValues: {
      user_id: profile?.user_id ?? '',
      display_name: profile?.display_name ?? '',
      whatsapp: profile?.whatsapp ?? '',
      unit_id: profile?.unit_id ?? '',
      employment: (profile?.employment as 'clt' | 'pj' | undefined) ?? 'clt',
      cnpj: profile?.cnpj ?? '',
      legal_name: profile?.legal_name ?? '',
      municipality: profile?.municipality ?? '',
      discount_limit_bp: profile?.discount_limit_bp ?? 0,
      hired_on: profile?.hired_on ?? null,
    },
  });
  const pj = form.watch('employment') === 'pj';
  const submit = async (v: z.output<typeof schema>) => {
    const fields = {
      display_name: v.display_name,
      whatsapp: v.whatsapp,
      unit_id: v.unit_id,
      employment: v.employment,
      cnpj: pj ? v.cnpj : '',
      legal_name: pj ? v.legal_name : '',
      municipality: pj ? v.municipality : '',
      discount_limit_bp: v.discount_limit_bp ?? 0,
      hired_on: v.hired_on ?? undefined,
    };
    const saved = profile
      ? await update.mutateAsync({ userId: profile.user_id, data: fields })
      : await create.mutateAsync({ data: { ...fields, user_id: v.user_id, unit_id: v.unit_id || undefined, whatsapp: v.whatsapp || undefined, cnpj: fields.cnpj || undefined, legal_name: fields.legal_name || undefined, municipality: fields.municipality || undefined } });
    notify(`Perfil de ${saved.display_name} ${profile ? 'salvo' : 'criado'}.`, 'success');
    onDone(saved);
  };
  return (
    <Form form={form} onSubmit={submit} labels={PROFILE_LABELS} aria-label={profile ? 'Editar perfil' : 'Novo perfil'}>
      <Stack gap="sm">
        <FormErrors labels={PROFILE_LABELS} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {!profile && <SelectField<Values> name="user_id" label="Usuário" data={userOptions} searchable withAsterisk />}
          <TextField<Values> name="display_name" label="Nome de exibição" withAsterisk />
          <PhoneInput<Values> name="whatsapp" label="WhatsApp" />
          <SelectField<Values> name="unit_id" label="Unidade" data={unitOptions} clearable searchable placeholder="Sem unidade" />
          <NativeSelectField<Values>
            name="employment"
            label="Vínculo"
            data={[
              { value: 'clt', label: 'CLT' },
              { value: 'pj', label: 'PJ' },
            ]}
            withAsterisk
          />
          <PercentInput<Values> name="discount_limit_bp" label="Limite de desconto" description="Acima dele, a venda pede aprovação." />
          <DateInput<Values> name="hired_on" label="Admissão" />
          {pj && (
            <>
              <DocumentInput<Values> name="cnpj" kind="company" label="CNPJ" withAsterisk />
              <TextField<Values> name="legal_name" label="Razão social" withAsterisk />
              <TextField<Values> name="municipality" label="Município" withAsterisk description="Onde a NF de comissão é emitida." />
            </>
          )}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {profile ? 'Salvar' : 'Criar perfil'}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
