import type { ChartAccount } from '@backoffice/api-client/endpoints';
import { Form, FormErrors, NativeSelectField, notify, TextField, useZodForm, Button, Group, Stack, Text } from '@backoffice/ui';
import { z } from 'zod';
import { ACCOUNT_LABELS, KIND_LABELS, NATURE_LABELS } from '../api/chartModel';
import { useChartMutations } from '../api/chartQueries';

const KIND_OPTIONS = [
  { value: '', label: 'Escolha…' },
  ...Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label })),
];
const NATURE_OPTIONS = [
  { value: '', label: 'Escolha…' },
  ...Object.entries(NATURE_LABELS).map(([value, label]) => ({ value, label })),
];

const newAccountSchema = z.object({
  code: z.string().trim().min(1, 'Informe o código.'),
  name: z.string().trim().min(1, 'Informe o nome da conta.').max(120, 'O nome pode ter no máximo 120 caracteres.'),
  nature: z.string(),
  kind: z.string().min(1, 'Informe o tipo: sintética ou analítica.'),
});
type NewAccountValues = z.input<typeof newAccountSchema>;

/**
 * A new account, under `parent` (its code suggested, its natureza shown and kept: a child keeps its parent's) or
 * at the top level (natureza chosen). The server checks the tree again and names the field it refuses.
 */
export function NewAccountForm({ parent, suggestedCode, onDone }: { parent: ChartAccount | null; suggestedCode: string; onDone: () => void }) {
  const { create } = useChartMutations();
  const form = useZodForm(newAccountSchema, {
    defaultValues: { code: suggestedCode, name: '', nature: parent?.nature ?? '', kind: 'ANALITICA' },
  });
  const submit = async (values: z.output<typeof newAccountSchema>) => {
    const account = await create.mutateAsync({
      data: { code: values.code, name: values.name, kind: values.kind, ...(parent ? {} : { nature: values.nature }) },
    });
    notify(`Conta ${account.code} criada.`, 'success');
    onDone();
  };
  return (
    <Form form={form} onSubmit={submit} labels={ACCOUNT_LABELS} aria-label="Nova conta">
      <Stack gap="sm">
        <FormErrors labels={ACCOUNT_LABELS} />
        {parent && (
          <Text size="sm" c="dimmed">
            Conta-mãe: {parent.code} {parent.name} ({NATURE_LABELS[parent.nature] ?? parent.nature})
          </Text>
        )}
        <TextField<NewAccountValues> name="code" label="Código" withAsterisk description="Código da conta-mãe, ponto e o número da conta: 3.1.02" />
        <TextField<NewAccountValues> name="name" label="Nome" withAsterisk />
        {!parent && <NativeSelectField<NewAccountValues> name="nature" label="Natureza" data={NATURE_OPTIONS} withAsterisk />}
        <NativeSelectField<NewAccountValues> name="kind" label="Tipo" data={KIND_OPTIONS} withAsterisk description="Sintéticas agrupam; analíticas recebem lançamentos." />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Criar conta
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

const editAccountSchema = z.object({
  name: z.string().trim().min(1, 'Informe o nome da conta.').max(120, 'O nome pode ter no máximo 120 caracteres.'),
  kind: z.string().min(1, 'Informe o tipo: sintética ou analítica.'),
});
type EditAccountValues = z.input<typeof editAccountSchema>;

/** The account's name and kind (its code and natureza are its place in the tree: they do not change). */
export function EditAccountForm({ account, onDone }: { account: ChartAccount; onDone: () => void }) {
  const { update } = useChartMutations();
  const form = useZodForm(editAccountSchema, { defaultValues: { name: account.name, kind: account.kind } });
  const submit = async (values: z.output<typeof editAccountSchema>) => {
    await update.mutateAsync({ id: account.id, data: { version: account.version, name: values.name, kind: values.kind } });
    notify(`Conta ${account.code} alterada.`, 'success');
    onDone();
  };
  return (
    <Form form={form} onSubmit={submit} labels={ACCOUNT_LABELS} aria-label="Editar conta">
      <Stack gap="sm">
        <FormErrors labels={ACCOUNT_LABELS} />
        <Text size="sm" c="dimmed">
          {account.code} · {NATURE_LABELS[account.nature] ?? account.nature}
        </Text>
        <TextField<EditAccountValues> name="name" label="Nome" withAsterisk />
        <NativeSelectField<EditAccountValues> name="kind" label="Tipo" data={KIND_OPTIONS.slice(1)} withAsterisk />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
