import type { Team } from '@backoffice/api-client/endpoints';
import { Button, Form, FormErrors, Group, MultiSelectField, notify, SelectField, Stack, TextField, useZodForm } from '@backoffice/ui';
import { z } from 'zod';
import { usePickers } from '../../../lib/pickers';
import { useTeamMutations } from '../api/teamQueries';

export const TEAM_LABELS = { name: 'Nome', unit_id: 'Unidade', manager_ids: 'Gestores' };

const schema = z.object({
  name: z.string().trim().min(1, 'Informe o nome do time.').max(80, 'O nome pode ter no máximo 80 caracteres.'),
  unit_id: z.string(),
  manager_ids: z.array(z.string()).max(5, 'Um time tem no máximo 5 gestores.'),
});
type Values = z.input<typeof schema>;

/** A new team, or a change to `team`: name, unit and managers (sales managers). */
export function TeamForm({ team, onDone }: { team: Team | null; onDone: (saved: Team) => void }) {
  const { create, update } = useTeamMutations();
  const { users, units } = usePickers();
  const managers = (users.data ?? []).filter((u) => u.role === 'SALES_MANAGER').map((u) => ({ value: u.uid, label: u.name }));
  const unitOptions = (units.data ?? []).filter((u) => u.active || u.id === team?.unit_id).map((u) => ({ value: u.id, label: `${u.code} — ${u.name}` }));
  const form = useZodForm(schema, {
    defaultValues: { name: team?.name ?? '', unit_id: team?.unit_id ?? '', manager_ids: team?.managers.map((m) => m.uid) ?? [] },
  });
  const submit = async (values: z.output<typeof schema>) => {
    const data = { name: values.name, unit_id: values.unit_id || undefined, manager_ids: values.manager_ids };
    const saved = team ? await update.mutateAsync({ id: team.id, data }) : await create.mutateAsync({ data });
    notify(`Time ${saved.name} ${team ? 'alterado' : 'criado'}.`, 'success');
    onDone(saved);
  };
  return (
    <Form form={form} onSubmit={submit} labels={TEAM_LABELS} aria-label={team ? 'Editar time' : 'Novo time'}>
      <Stack gap="sm">
        <FormErrors labels={TEAM_LABELS} />
        <TextField<Values> name="name" label="Nome" withAsterisk />
        <SelectField<Values> name="unit_id" label="Unidade" data={unitOptions} clearable searchable placeholder="Sem unidade" />
        <MultiSelectField<Values> name="manager_ids" label="Gestores" data={managers} searchable placeholder="Gerentes de vendas" />
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {team ? 'Salvar' : 'Criar time'}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
