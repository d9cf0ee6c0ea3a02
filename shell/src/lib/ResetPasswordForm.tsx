import { useSession } from '@backoffice/auth';
import { Form, FormErrors, notify, PasswordField, TextField, useZodForm, Alert, Button, Stack, Title } from '@backoffice/ui/host';
import { useState } from 'react';
import { z } from 'zod';

/**
 * Password reset in two steps: send the code to the e-mail, then confirm the code with the new password. Used
 * by the sign-in page ("Esqueci minha senha") and by /reset-senha, so it lives in the shell's lib.
 */
export function ResetPasswordForm({ initialEmail = '', onDone }: { initialEmail?: string; onDone: () => void }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Redefinir senha
      </Title>
      {sentTo === null ? <SendCodeForm initialEmail={initialEmail} onSent={setSentTo} /> : <ConfirmResetForm email={sentTo} onDone={onDone} />}
    </Stack>
  );
}

const email = z.string().trim().min(1, 'Informe o e-mail.');

export const sendCodeSchema = z.object({ email });
type SendCodeValues = z.input<typeof sendCodeSchema>;

export const confirmResetSchema = z.object({
  email,
  code: z.string().trim().min(1, 'Informe o código recebido por e-mail.'),
  new_password: z.string().min(1, 'Informe a nova senha.'),
});
type ConfirmResetValues = z.input<typeof confirmResetSchema>;

const LABELS = { email: 'E-mail', code: 'Código', new_password: 'Nova senha' };

function SendCodeForm({ initialEmail, onSent }: { initialEmail: string; onSent: (email: string) => void }) {
  const { adapter } = useSession();
  const form = useZodForm(sendCodeSchema, { defaultValues: { email: initialEmail } });
  const send = async (values: z.output<typeof sendCodeSchema>) => {
    await adapter.sendResetCode(values.email);
    onSent(values.email);
  };
  return (
    <Form form={form} onSubmit={send} labels={LABELS}>
      <Stack gap="md">
        <FormErrors labels={LABELS} />
        <TextField<SendCodeValues> name="email" label="E-mail" type="email" autoComplete="username" withAsterisk />
        <Button type="submit" loading={form.formState.isSubmitting}>
          Enviar código
        </Button>
      </Stack>
    </Form>
  );
}

function ConfirmResetForm({ email: sentTo, onDone }: { email: string; onDone: () => void }) {
  const { adapter } = useSession();
  const form = useZodForm(confirmResetSchema, { defaultValues: { email: sentTo, code: '', new_password: '' } });
  const confirm = async (values: z.output<typeof confirmResetSchema>) => {
    await adapter.confirmReset(values.email, values.code, values.new_password);
    notify('Senha redefinida. Entre com a nova senha.', 'success');
    onDone();
  };
  const refused = Boolean(form.formState.errors.root?.server);
  return (
    <Form form={form} onSubmit={confirm} labels={LABELS}>
      <Stack gap="md">
        {!refused && (
          <Alert color="green" role="status">
            Se o e-mail estiver cadastrado, você receberá um código.
          </Alert>
        )}
        <FormErrors labels={LABELS} />
        <TextField<ConfirmResetValues> name="email" label="E-mail" type="email" autoComplete="username" withAsterisk />
        <TextField<ConfirmResetValues> name="code" label="Código" autoComplete="one-time-code" withAsterisk />
        <PasswordField<ConfirmResetValues> name="new_password" label="Nova senha" autoComplete="new-password" withAsterisk />
        <Button type="submit" loading={form.formState.isSubmitting}>
          Redefinir senha
        </Button>
      </Stack>
    </Form>
  );
}
