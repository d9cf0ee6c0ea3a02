import { useSession } from '@backoffice/auth';
import { Button, TextField } from '@backoffice/ui';
import { useState, type FormEvent } from 'react';
import { ResetPasswordForm } from '../reset-password/ResetPasswordForm';

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Não foi possível entrar. Tente novamente.';
}

export default function SignInPage() {
  const { signIn } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resetting, setResetting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      // Once signed in, the guard moves on from this page (to /inicio or the `redirect` query).
      await signIn(email.trim(), password);
    } catch (caught) {
      // The provider's own message, as the seed says ("E-mail ou senha inválidos.", throttling…).
      setError(messageOf(caught));
      setBusy(false);
    }
  };

  return (
    <main className="bo-container" style={{ maxWidth: '26rem', marginTop: '8vh' }}>
      <section className="bo-card">
        <h1>Backoffice</h1>
        {resetting ? (
          <>
            <ResetPasswordForm initialEmail={email} onDone={() => setResetting(false)} />
            <Button variant="secondary" onClick={() => setResetting(false)}>
              Voltar para o login
            </Button>
          </>
        ) : (
          <form onSubmit={(event) => void onSubmit(event)} noValidate>
            {error && (
              <div className="bo-alert" role="alert">
                {error}
              </div>
            )}
            <TextField label="E-mail" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required />
            <TextField
              label="Senha"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
            />
            <div className="bo-row" style={{ justifyContent: 'space-between', alignItems: 'center' }}>
              <Button type="submit" disabled={busy}>
                Entrar
              </Button>
              <Button variant="secondary" onClick={() => setResetting(true)}>
                Esqueci minha senha
              </Button>
            </div>
          </form>
        )}
      </section>
    </main>
  );
}
