import { Form, FormErrors, notify, PasswordField, useZodForm, Button, Group, Modal, Stack, Text } from '@backoffice/ui';
import { useMemo } from 'react';
import { z } from 'zod';
import { useResetUserPassword, type User } from '../api/usersApi';
import { passwordProblem, USER_FIELD_LABELS } from './userModel';

export const resetPasswordSchema = (email: string) =>
  z.object({ new_password: z.string() }).superRefine((values, ctx) => {
    const problem = passwordProblem(values.new_password, email);
    if (problem) ctx.addIssue({ code: 'custom', path: ['new_password'], message: problem });
  });

/** Sets a new password for someone else; says what follows (their sessions end, they must change it). */
export function ResetPasswordDialog({ user, opened, onClose }: { user: User; opened: boolean; onClose: () => void }) {
  const reset = useResetUserPassword(user.uid);
  const schema = useMemo(() => resetPasswordSchema(user.email), [user.email]);
  const form = useZodForm(schema, { defaultValues: { new_password: '' } });
  const close = () => {
    form.reset();
    onClose();
  };
  const onSubmit = async ({ new_password }: { new_password: string }) => {
    await reset.mutateAsync(new_password);
    notify(`Senha de ${user.name} redefinida. As sessões dessa pessoa foram encerradas.`, 'success');
    close();
  };
  return (
    <Modal opened={opened} onClose={close} title="Redefinir senha" centered>
      <Form form={form} onSubmit={onSubmit} labels={USER_FIELD_LABELS}>
        <Stack gap="sm">
          <Text size="sm">
            {user.name} ({user.email}) passará a entrar com a senha abaixo e terá de trocá-la no próximo acesso. Todas as
            sessões abertas dessa pessoa serão encerradas agora. Informe a nova senha a ela por um canal seguro.
          </Text>
          <FormErrors labels={USER_FIELD_LABELS} />
          <PasswordField name="new_password" label="Nova senha" withAsterisk autoComplete="new-password" description="Pelo menos 8 caracteres, com letras e números." />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button type="submit" color="orange" loading={reset.isPending}>
              Redefinir senha
            </Button>
          </Group>
        </Stack>
      </Form>
    </Modal>
  );
}
