import { ApiError } from '@backoffice/api-client';
import { useSession } from '@backoffice/auth';
import { Button, TextField } from '@backoffice/ui';
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

  const fail = (error: unknown) => {
    setFieldErrors(error instanceof ApiError ? error.fieldMessages() : {});
    setMessage({ tone: 'error', text: error instanceof Error ? error.message : 'Não foi possível concluir.' });
  };

  const sendCode = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await adapter.sendResetCode(email.trim());
      setStep('confirm');
      setMessage({ tone: 'info', text: 'Se o e-mail estiver cadastrado, você receberá um código.' });
    } catch (error) {
      fail(error);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await adapter.confirmReset(email.trim(), code.trim(), newPassword);
      setMessage({ tone: 'info', text: 'Senha redefinida. Entre com a nova senha.' });
      onDone();
    } catch (error) {
      fail(error);
    }
  };

  return (
    <form onSubmit={(event) => void (step === 'send' ? sendCode(event) : confirm(event))} noValidate>
      <h2>Redefinir senha</h2>
      {message && (
        <div className={`bo-alert${message.tone === 'info' ? ' bo-alert--info' : ''}`} role={message.tone === 'error' ? 'alert' : 'status'}>
          {message.text}
        </div>
      )}
      <TextField label="E-mail" type="email" value={email} onChange={(e) => setEmail(e.target.value)} error={fieldErrors.email} />
      {step === 'confirm' && (
        <>
          <TextField label="Código" value={code} onChange={(e) => setCode(e.target.value)} error={fieldErrors.code} />
          <TextField
            label="Nova senha"
            type="password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
            error={fieldErrors.new_password}
          />
        </>
      )}
      <Button type="submit">{step === 'send' ? 'Enviar código' : 'Redefinir senha'}</Button>
    </form>
  );
}
