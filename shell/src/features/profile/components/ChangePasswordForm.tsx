import { useSession } from '@backoffice/auth';
import { Form, FormErrors, notify, PasswordField, useZodForm, Button, Paper, Stack, Title } from '@backoffice/ui';
import { z } from 'zod';

export const changePasswordSchema = z
  .object({
    current_password: z.string().min(1, 'Informe a senha atual.'),
    new_password: z.string().min(1, 'Informe a nova senha.'),
    confirmation: z.string().min(1, 'Repita a nova senha.'),
  })
  .refine((values) => values.confirmation === values.new_password, {
    path: ['confirmation'],
    message: 'A confirmação não confere com a nova senha.',
  });
type ChangePasswordValues = z.input<typeof changePasswordSchema>;

/** The server's names for the fields (current_password, new_password) and the form's own confirmation. */
const LABELS = { current_password: 'Senha atual', new_password: 'Nova senha', confirmation: 'Confirmar nova senha' };

const EMPTY: ChangePasswordValues = { current_password: '', new_password: '', confirmation: '' };

/** The password change on /perfil: the current password, the new one twice; the server's rules decide. */
export function ChangePasswordForm() {
  const { adapter, reloadUser } = useSession();
  const form = useZodForm(changePasswordSchema, { defaultValues: EMPTY });
  const change = async (values: z.output<typeof changePasswordSchema>) => {
    await adapter.changePassword(values.current_password, values.new_password);
    form.reset(EMPTY);
    notify('Senha alterada com sucesso.', 'success');
    await reloadUser().catch(() => null);
  };
  return (
    <Paper withBorder p="lg" radius="md">
      <Form form={form} onSubmit={change} labels={LABELS} aria-label="Alterar senha">
        <Stack gap="md" maw={420}>
          <Title order={2} size="h3">
            Alterar senha
          </Title>
          <FormErrors labels={LABELS} />
          <PasswordField<ChangePasswordValues> name="current_password" label="Senha atual" autoComplete="current-password" withAsterisk />
          <PasswordField<ChangePasswordValues> name="new_password" label="Nova senha" autoComplete="new-password" withAsterisk />
          <PasswordField<ChangePasswordValues> name="confirmation" label="Confirmar nova senha" autoComplete="new-password" withAsterisk />
          <Button type="submit" loading={form.formState.isSubmitting} w="fit-content">
            Alterar senha
          </Button>
        </Stack>
      </Form>
    </Paper>
  );
}
