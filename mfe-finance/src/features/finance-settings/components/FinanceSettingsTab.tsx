import { getGetFinanceSettingsQueryKey, useGetFinanceSettings, useSetApprovalLimit } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import { formatCentavos, Form, FormErrors, MoneyInput, notify, useZodForm, Anchor, Alert, Button, Group, Link, Paper, Spinner, Stack, Text, Title } from '@backoffice/ui';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

const LABELS = { approval_limit_cents: 'Alçada' };

const schema = z.object({
  approval_limit_cents: z
    .number()
    .int()
    .nullable()
    .refine((value) => value !== null && value > 0, 'A alçada deve ser maior que zero.'),
});
type Values = z.input<typeof schema>;

/**
 * The finance parameters: the alçada (who approves up to which amount; set by the super administrator alone),
 * the bank holidays (kept in Administração › Feriados) and, with reconciliation, its tolerances.
 */
export function FinanceSettingsTab() {
  const settings = useGetFinanceSettings();
  const maySetLimit = usePermission('financeiro_alcada_definir');
  if (settings.isPending) return <Spinner />;
  if (settings.isError)
    return (
      <Alert color="red" role="alert" title="Não foi possível carregar os parâmetros">
        {settings.error.message}
      </Alert>
    );
  const data = settings.data;
  return (
    <Stack gap="lg">
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h3">
            Alçada de aprovação
          </Title>
          <Text size="sm" c="dimmed">
            Até este valor, assistentes financeiros e administradores aprovam contas a pagar e lotes de pagamento; acima dele, só gerentes
            financeiros e o super administrador. Ninguém aprova o que criou, editou ou preparou.
          </Text>
          <Text size="lg" fw={700} data-testid="alcada">
            {formatCentavos(data.approval_limit_cents)}
          </Text>
          {data.version === 0 && (
            <Text size="sm" c="dimmed">
              Valor padrão ({formatCentavos(data.default_approval_limit_cents)}).
            </Text>
          )}
          {maySetLimit ? (
            <ApprovalLimitForm current={data.approval_limit_cents} version={data.version} />
          ) : (
            <Text size="sm" c="dimmed">
              Só o super administrador altera a alçada.
            </Text>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="xs">
          <Title order={2} size="h3">
            Feriados bancários
          </Title>
          <Text size="sm">
            Os vencimentos e as datas de pagamento seguem o calendário de feriados nacionais e os feriados cadastrados em{' '}
            <Anchor component={Link} to="/admin/feriados">
              Administração › Feriados
            </Anchor>
            .
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}

function ApprovalLimitForm({ current, version }: { current: number; version: number }) {
  const queryClient = useQueryClient();
  const set = useSetApprovalLimit({
    mutation: { onSuccess: (saved) => queryClient.setQueryData(getGetFinanceSettingsQueryKey(), saved) },
  });
  const form = useZodForm(schema, { defaultValues: { approval_limit_cents: current } });
  const submit = async (values: z.output<typeof schema>) => {
    const saved = await set.mutateAsync({ data: { approval_limit_cents: values.approval_limit_cents ?? 0, version } });
    notify(`Alçada alterada para ${formatCentavos(saved.approval_limit_cents)}.`, 'success');
  };
  return (
    <Form form={form} onSubmit={submit} labels={LABELS} aria-label="Alterar alçada">
      <Stack gap="sm" maw={360}>
        <FormErrors labels={LABELS} />
        <MoneyInput<Values> name="approval_limit_cents" label="Nova alçada" withAsterisk />
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Salvar alçada
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
