import { ApiError } from '@backoffice/api-client';
import { useSession } from '@backoffice/auth';
import { notify } from '@backoffice/ui';
import { Alert, Button, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';

/** Password reset in two steps: send the code to the e-mail, then confirm the code with the new password. */
export function ResetPasswordForm({ initialEmail = '', onDone }: { initialEmail?: string; onDone: () => void }) {
  const { adapter } = useSession();
  const [step, setStep] = useState<'send' | 'confirm'>('send');
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [message, setMessage] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const fail = (error: unknown) => {
    setFieldErrors(error instanceof ApiError ? error.fieldMessages() : {});
    setMessage({ tone: 'error', text: error instanceof Error ? error.message : 'Não foi possível concluir.' });
  };

  const sendCode = async () => {
    await adapter.sendResetCode(email.trim());
    setStep('confirm');
    setFieldErrors({});
    setMessage({ tone: 'info', text: 'Se o e-mail estiver cadastrado, você receberá um código.' });
  };

  const confirm = async () => {
    await adapter.confirmReset(email.trim(), code.trim(), newPassword);
    setMessage({ tone: 'info', text: 'Senha redefinida. Entre com a nova senha.' });
    notify('Senha redefinida. Entre com a nova senha.', 'success');
    onDone();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    (step === 'send' ? sendCode() : confirm()).catch(fail).finally(() => setBusy(false));
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Title order={2} size="h3">
          Redefinir senha
        </Title>
        {message && (
          <Alert color={message.tone === 'error' ? 'red' : 'green'} role={message.tone === 'error' ? 'alert' : 'status'}>
            {message.text}
          </Alert>
        )}
        <TextInput label="E-mail" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={fieldErrors.email} />
        {step === 'confirm' && (
          <>
            <TextInput label="Código" autoComplete="one-time-code" required value={code} onChange={(e) => setCode(e.currentTarget.value)} error={fieldErrors.code} />
            <PasswordInput
              label="Nova senha"
              autoComplete="new-password"
              required
              value={newPassword}
              onChange={(e) => setNewPassword(e.currentTarget.value)}
              error={fieldErrors.new_password}
            />
          </>
        )}
        <Button type="submit" loading={busy}>
          {step === 'send' ? 'Enviar código' : 'Redefinir senha'}
        </Button>
      </Stack>
    </form>
  );
}
