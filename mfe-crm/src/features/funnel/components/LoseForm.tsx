import type { FunnelSettings, Opportunity } from '@backoffice/api-client/endpoints';
import { Button, Form, FormErrors, Group, NativeSelectField, Stack, TextareaField, useZodForm } from '@backoffice/ui';
import { z } from 'zod';
import { OPPORTUNITY_FIELD_LABELS } from '../api/funnelModel';
import { useOpportunityMutations } from '../api/funnelQueries';

const schema = z
  .object({ reason: z.string().min(1, 'Escolha o motivo da perda.'), note: z.string().trim().max(1000, 'A observação tem no máximo 1000 caracteres.') })
  .refine((v) => v.reason !== 'outro' || v.note.length > 0, { path: ['note'], message: 'Descreva o motivo quando ele é "Outro".' });
type Values = z.input<typeof schema>;

/** Marks an opportunity lost: a reason from the list, and a note ("Outro" needs one). */
export function LoseForm({ opportunity, settings, onDone }: { opportunity: Opportunity; settings: FunnelSettings | undefined; onDone: (saved: Opportunity) => void }) {
  const { lose } = useOpportunityMutations();
  const form = useZodForm(schema, { defaultValues: { reason: '', note: '' } });
  const reasons = [{ value: '', label: 'Escolha o motivo' }, ...(settings?.lost_reasons ?? [])];
  const submit = async (v: z.output<typeof schema>) => {
    onDone(await lose.mutateAsync({ id: opportunity.id, data: { reason: v.reason, note: v.note || undefined } }));
  };
  return (
    <Form form={form} onSubmit={submit} labels={OPPORTUNITY_FIELD_LABELS} aria-label="Marcar como perdida">
      <Stack gap="sm">
        <FormErrors labels={OPPORTUNITY_FIELD_LABELS} />
        <NativeSelectField<Values> name="reason" label="Motivo" withAsterisk data={reasons} />
        <TextareaField<Values> name="note" label="Observação" autosize minRows={2} />
        <Group justify="flex-end">
          <Button type="submit" color="red" loading={form.formState.isSubmitting}>
            Marcar como perdida
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
