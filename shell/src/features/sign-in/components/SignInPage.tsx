import { useSession } from '@backoffice/auth';
import { Alert, Anchor, Button, Container, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ResetPasswordForm } from '../../../lib/ResetPasswordForm';

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
    <Container component="main" size={416} py="xl" mt="8vh">
      <Stack gap={4} mb="lg" align="center">
        <Title order={1} c="green.7">
          Backoffice
        </Title>
        <Text c="dimmed" size="sm">
          Sistema interno de gestão
        </Text>
      </Stack>
      <Paper withBorder shadow="sm" p="xl" radius="md">
        {resetting ? (
          <Stack gap="md">
            <ResetPasswordForm initialEmail={email} onDone={() => setResetting(false)} />
            <Button variant="subtle" onClick={() => setResetting(false)}>
              Voltar para o login
            </Button>
          </Stack>
        ) : (
          <form onSubmit={(event) => void onSubmit(event)} noValidate>
            <Stack gap="md">
              {error && (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              )}
              <TextInput label="E-mail" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.currentTarget.value)} required />
              <PasswordInput label="Senha" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} required />
              <Button type="submit" loading={busy} fullWidth>
                Entrar
              </Button>
              <Group justify="center">
                <Anchor component="button" type="button" size="sm" onClick={() => setResetting(true)}>
                  Esqueci minha senha
                </Anchor>
              </Group>
            </Stack>
          </form>
        )}
      </Paper>
    </Container>
  );
}
