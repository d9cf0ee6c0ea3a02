import type { Team, TeamMemberDto } from '@backoffice/api-client/endpoints';
import { Button, DateInput, Form, FormErrors, Group, NativeSelectField, notify, SelectField, Stack, Text, todayInSaoPaulo, useZodForm } from '@backoffice/ui';
import { z } from 'zod';
import { ROLE_IN_TEAM_LABELS } from '../api/teamModel';
import { usePickers } from '../../../lib/pickers';
import { useTeamMutations } from '../api/teamQueries';

const MEMBER_LABELS = { user_id: 'Vendedor', role_in_team: 'Papel no time', joined_on: 'Entrada', left_on: 'Saída' };
const ROLE_OPTIONS = Object.entries(ROLE_IN_TEAM_LABELS).map(([value, label]) => ({ value, label }));

const memberSchema = z.object({
  user_id: z.string().min(1, 'Escolha o vendedor.'),
  role_in_team: z.string().min(1),
  joined_on: z.string().nullable().refine((v) => v !== null, 'Informe a data de entrada.'),
});
type MemberValues = z.input<typeof memberSchema>;

/** Adds a salesperson to the team from a date (the server refuses one already in another team then). */
export function MemberForm({ team, onDone }: { team: Team; onDone: () => void }) {
  const { addMember } = useTeamMutations();
  const { users } = usePickers();
  const inTeam = new Set(team.members.filter((m) => m.current).map((m) => m.user_id));
  const options = (users.data ?? []).filter((u) => !inTeam.has(u.uid)).map((u) => ({ value: u.uid, label: u.role === 'SALES_MANAGER' ? `${u.name} (gerente)` : u.name }));
  const form = useZodForm(memberSchema, { defaultValues: { user_id: '', role_in_team: 'vendedor', joined_on: todayInSaoPaulo() } });
  const submit = async (values: z.output<typeof memberSchema>) => {
    await addMember.mutateAsync({ id: team.id, data: { user_id: values.user_id, role_in_team: values.role_in_team, joined_on: values.joined_on ?? '' } });
    notify('Integrante incluído.', 'success');
    onDone();
  };
  return (
    <Form form={form} onSubmit={submit} labels={MEMBER_LABELS} aria-label="Incluir integrante">
      <Stack gap="sm">
        <FormErrors labels={MEMBER_LABELS} />
        <SelectField<MemberValues> name="user_id" label="Vendedor" data={options} searchable withAsterisk />
        <NativeSelectField<MemberValues> name="role_in_team" label="Papel no time" data={ROLE_OPTIONS} withAsterisk />
        <DateInput<MemberValues> name="joined_on" label="Entrada" withAsterisk />
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting}>
            Incluir
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

const endSchema = z.object({
  left_on: z.string().nullable().refine((v) => v !== null, 'Informe o último dia no time.'),
});
type EndValues = z.input<typeof endSchema>;

/** Ends a membership on the member's last day in the team (the history keeps it). */
export function EndMembershipForm({ team, member, onDone }: { team: Team; member: TeamMemberDto; onDone: () => void }) {
  const { endMembership } = useTeamMutations();
  const form = useZodForm(endSchema, { defaultValues: { left_on: todayInSaoPaulo() } });
  const submit = async (values: z.output<typeof endSchema>) => {
    await endMembership.mutateAsync({ id: team.id, memberId: member.id, data: { left_on: values.left_on ?? '' } });
    notify(`Saída de ${member.name} registrada.`, 'success');
    onDone();
  };
  return (
    <Form form={form} onSubmit={submit} labels={MEMBER_LABELS} aria-label="Registrar saída">
      <Stack gap="sm">
        <FormErrors labels={MEMBER_LABELS} />
        <Text size="sm">{member.name} deixa o time; as vendas e atividades até a data continuam contando para ele.</Text>
        <DateInput<EndValues> name="left_on" label="Último dia no time" withAsterisk />
        <Group justify="flex-end">
          <Button type="submit" color="red" loading={form.formState.isSubmitting}>
            Registrar saída
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
