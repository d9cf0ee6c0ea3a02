import type { CostCenter } from '@backoffice/api-client/endpoints';
import { Form, FormErrors, notify, TextField, useZodForm, Button, Group, Stack } from '@backoffice/ui';
import { z } from 'zod';
import { useCostCenterMutations } from '../api/costCenterQueries';

export const COST_CENTER_LABELS = { code: 'Código', name: 'Nome', active: 'Situação' };

const schema = z.object({
  code: z.string().trim().min(1, 'Informe o código do centro de custo.').max(20, 'O código pode ter no máximo 20 caracteres.'),
  name: z.string().trim().min(1, 'Informe o nome do centro de custo.').max(120, 'O nome pode ter no máximo 120 caracteres.'),
});
type Values = z.input<typeof schema>;

/** A new cost centre, or a change to `center` (its code and name; the server keeps codes unique). */
export function CostCenterForm({ center, onDone }: { center: CostCenter | null; onDone: () => void }) {
  const { create, update } = useCostCenterMutations();
  const form = useZodForm(schema, { defaultValues: { code: center?.code ?? '', name: center?.name ?? '' } });
  const submit = async (values: z.output<typeof schema>) => {
    const saved = center
      ? await update.mutateAsync({ id: center.id, data: { version: center.version, code: values.code, name: values.name } })
      : await create.mutateAsync({ data: values });
    notify(`Centro de custo ${saved.code} ${center ? 'alterado' : 'criado'}.`, 'success');
    onDone();
  };
  return (
    <Form form={form} onSubmit={submit} labels={COST_CENTER_LABELS} aria-label={center ? 'Editar centro de custo' : 'Novo centro de custo'}>
      <Stack gap="sm">
        <FormErrors labels={COST_CENTER_LABELS} />
        <TextField<Values> name="code" label="Código" withAsterisk description="Letras, números e hífen: ADM, CLI-01" />
        <TextField<Values> name="name" label="Nome" withAsterisk />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {center ? 'Salvar' : 'Criar centro de custo'}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
