import type { Activity } from '@backoffice/api-client/endpoints';
import { Button, CheckboxField, DateInput, Form, FormErrors, Group, NativeSelectField, notify, SelectField, Stack, TextareaField, TextField, todayInSaoPaulo, useZodForm } from '@backoffice/ui';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { usePickers } from '../../../lib/pickers';
import { isTime, KIND_LABELS, options, OUTCOME_LABELS, saoPauloInstant, wallClock } from '../api/activityModel';
import { useActivityMutations } from '../api/activityQueries';

const LABELS = {
  kind: 'Tipo',
  subject: 'Assunto',
  date: 'Data',
  time: 'Horário',
  due_at: 'Vencimento',
  notes: 'Anotações',
  owner_id: 'Responsável',
  client_id: 'Cliente',
  outcome: 'Resultado',
  next_kind: 'Tipo da próxima',
  next_subject: 'Assunto da próxima',
  next_date: 'Data da próxima',
  next_time: 'Horário da próxima',
  ids: 'Atividades',
};

const when = {
  date: z.string().nullable().refine((v) => v !== null, 'Informe a data.'),
  time: z.string().refine(isTime, 'Informe o horário (hh:mm).'),
};

const activitySchema = z.object({
  kind: z.string().min(1, 'Escolha o tipo.'),
  subject: z.string().trim().min(1, 'Informe o assunto.').max(200, 'O assunto tem no máximo 200 caracteres.'),
  notes: z.string(),
  owner_id: z.string(),
  ...when,
});
type ActivityValues = z.input<typeof activitySchema>;

/** Creates or edits an activity (a done one: only its notes). A manager may give it to someone of the team. */
export function ActivityForm({ activity, clientId, mayAssign, onDone }: { activity: Activity | null; clientId?: string; mayAssign: boolean; onDone: () => void }) {
  const { create, update } = useActivityMutations();
  const { users } = usePickers();
  const done = Boolean(activity?.done_at);
  const due = activity ? wallClock(activity.due_at) : { date: todayInSaoPaulo(), time: '09:00' };
  const form = useZodForm(activitySchema, {
    defaultValues: { kind: activity?.kind ?? 'ligacao', subject: activity?.subject ?? '', notes: activity?.notes ?? '', owner_id: activity?.owner_id ?? '', date: due.date, time: due.time },
  });
  const people = (users.data ?? []).map((u) => ({ value: u.uid, label: u.name }));
  const submit = async (v: z.output<typeof activitySchema>) => {
    const due_at = saoPauloInstant(v.date ?? '', v.time);
    if (activity && done) {
      await update.mutateAsync({ id: activity.id, data: { version: activity.version, notes: v.notes.trim() ? v.notes : null } });
    } else if (activity) {
      await update.mutateAsync({
        id: activity.id,
        data: { version: activity.version, kind: v.kind, subject: v.subject, notes: v.notes.trim() ? v.notes : null, due_at, ...(v.owner_id ? { owner_id: v.owner_id } : {}) },
      });
    } else {
      await create.mutateAsync({
        data: { kind: v.kind, subject: v.subject, due_at, ...(v.notes.trim() ? { notes: v.notes } : {}), ...(v.owner_id ? { owner_id: v.owner_id } : {}), ...(clientId ? { client_id: clientId } : {}) },
      });
    }
    notify(activity ? 'Atividade salva.' : 'Atividade criada.', 'success');
    onDone();
  };
  return (
    <Form form={form} onSubmit={submit} labels={LABELS} aria-label={activity ? 'Editar atividade' : 'Nova atividade'}>
      <Stack gap="sm">
        <FormErrors labels={LABELS} />
        <NativeSelectField<ActivityValues> name="kind" label="Tipo" data={options(KIND_LABELS)} disabled={done} withAsterisk />
        <TextField<ActivityValues> name="subject" label="Assunto" disabled={done} withAsterisk />
        <Group grow>
          <DateInput<ActivityValues> name="date" label="Data" disabled={done} withAsterisk />
          <TextField<ActivityValues> name="time" label="Horário" placeholder="hh:mm" disabled={done} withAsterisk />
        </Group>
        {mayAssign && !done && <SelectField<ActivityValues> name="owner_id" label="Responsável" data={people} searchable clearable placeholder="Eu mesmo" />}
        <TextareaField<ActivityValues> name="notes" label="Anotações" autosize minRows={2} />
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {activity ? 'Salvar' : 'Criar atividade'}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

const completeSchema = z
  .object({
    outcome: z.string().min(1, 'Informe o resultado.'),
    notes: z.string(),
    next: z.boolean(),
    next_kind: z.string(),
    next_subject: z.string(),
    next_date: z.string().nullable(),
    next_time: z.string(),
  })
  .superRefine((v, ctx) => {
    if (!v.next) return;
    if (!v.next_subject.trim()) ctx.addIssue({ code: 'custom', path: ['next_subject'], message: 'Informe o assunto da próxima atividade.' });
    if (!v.next_date) ctx.addIssue({ code: 'custom', path: ['next_date'], message: 'Informe a data da próxima atividade.' });
    if (!isTime(v.next_time)) ctx.addIssue({ code: 'custom', path: ['next_time'], message: 'Informe o horário (hh:mm).' });
  });
type CompleteValues = z.input<typeof completeSchema>;

/** The next activity's API fields (`next.subject`) are flat on the form (`next_subject`). */
const nextFormPath = (apiPath: string) => (apiPath === 'next.due_at' ? 'next_date' : apiPath.replace('next.', 'next_'));

/** Completes an activity: the outcome is required; the next activity is optional. */
export function CompleteForm({ activity, onDone }: { activity: Activity; onDone: () => void }) {
  const { complete } = useActivityMutations();
  const form = useZodForm(completeSchema, {
    defaultValues: { outcome: '', notes: activity.notes ?? '', next: false, next_kind: activity.kind, next_subject: '', next_date: todayInSaoPaulo(), next_time: '09:00' },
  });
  const next = useWatch({ control: form.control, name: 'next' });
  const submit = async (v: z.output<typeof completeSchema>) => {
    await complete.mutateAsync({
      id: activity.id,
      data: {
        outcome: v.outcome,
        ...(v.notes.trim() ? { notes: v.notes } : {}),
        ...(v.next ? { next: { kind: v.next_kind, subject: v.next_subject, due_at: saoPauloInstant(v.next_date ?? '', v.next_time) } } : {}),
      },
    });
    notify('Atividade concluída.', 'success');
    onDone();
  };
  return (
    <Form form={form} onSubmit={submit} labels={LABELS} serverErrors={{ toFormPath: nextFormPath }} aria-label="Concluir atividade">
      <Stack gap="sm">
        <FormErrors labels={LABELS} />
        <NativeSelectField<CompleteValues> name="outcome" label="Resultado" data={[{ value: '', label: 'Escolha o resultado' }, ...options(OUTCOME_LABELS)]} withAsterisk />
        <TextareaField<CompleteValues> name="notes" label="Anotações" autosize minRows={2} />
        <CheckboxField<CompleteValues> name="next" label="Agendar a próxima atividade" />
        {next && (
          <>
            <NativeSelectField<CompleteValues> name="next_kind" label="Tipo da próxima" data={options(KIND_LABELS)} />
            <TextField<CompleteValues> name="next_subject" label="Assunto da próxima" withAsterisk />
            <Group grow>
              <DateInput<CompleteValues> name="next_date" label="Data da próxima" withAsterisk />
              <TextField<CompleteValues> name="next_time" label="Horário da próxima" placeholder="hh:mm" withAsterisk />
            </Group>
          </>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting}>
            Concluir
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

const bulkSchema = z.object({ owner_id: z.string(), ...when });
type BulkValues = z.input<typeof bulkSchema>;

/** A manager's bulk reschedule or reassign of the selected open activities (all or none). */
export function BulkForm({ ids, mode, onDone }: { ids: string[]; mode: 'reagendar' | 'reatribuir'; onDone: () => void }) {
  const { reschedule, reassign } = useActivityMutations();
  const { users } = usePickers();
  const form = useZodForm(bulkSchema, { defaultValues: { owner_id: '', date: todayInSaoPaulo(), time: '09:00' } });
  const people = (users.data ?? []).map((u) => ({ value: u.uid, label: u.name }));
  const submit = async (v: z.output<typeof bulkSchema>) => {
    if (mode === 'reagendar') {
      const r = await reschedule.mutateAsync({ data: { ids, due_at: saoPauloInstant(v.date ?? '', v.time) } });
      notify(`${r.updated} atividade(s) reagendada(s).`, 'success');
    } else {
      if (!v.owner_id) {
        form.setError('owner_id', { message: 'Escolha o novo responsável.' });
        return;
      }
      const r = await reassign.mutateAsync({ data: { ids, owner_id: v.owner_id } });
      notify(`${r.updated} atividade(s) reatribuída(s).`, 'success');
    }
    onDone();
  };
  return (
    <Form form={form} onSubmit={submit} labels={LABELS} aria-label={mode === 'reagendar' ? 'Reagendar atividades' : 'Reatribuir atividades'}>
      <Stack gap="sm">
        <FormErrors labels={LABELS} />
        {mode === 'reagendar' ? (
          <Group grow>
            <DateInput<BulkValues> name="date" label="Nova data" withAsterisk />
            <TextField<BulkValues> name="time" label="Horário" placeholder="hh:mm" withAsterisk />
          </Group>
        ) : (
          <SelectField<BulkValues> name="owner_id" label="Novo responsável" data={people} searchable withAsterisk />
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {mode === 'reagendar' ? `Reagendar ${ids.length}` : `Reatribuir ${ids.length}`}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
