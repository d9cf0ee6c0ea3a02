import { useSession } from '@backoffice/auth';
import { Form, FormErrors, PasswordField, TextField, useZodForm, Anchor, Button, Container, Group, Paper, Stack, Text, Title } from '@backoffice/ui';
import { useState } from 'react';
import { z } from 'zod';
import { ResetPasswordForm } from '../../../lib/ResetPasswordForm';

export const signInSchema = z.object({
  email: z.string().trim().min(1, 'Informe o e-mail.'),
  password: z.string().min(1, 'Informe a senha.'),
});
type SignInValues = z.input<typeof signInSchema>;

const LABELS = { email: 'E-mail', password: 'Senha' };

/** E-mail and password; a refusal shows the provider's own message ("E-mail ou senha inválidos.", throttling…). */
function SignInForm({ onForgot }: { onForgot: (email: string) => void }) {
  const { signIn } = useSession();
  const form = useZodForm(signInSchema, { defaultValues: { email: '', password: '' } });
  return (
    // Once signed in, the guard moves on from this page (to /inicio or the `redirect` query).
    <Form form={form} onSubmit={({ email, password }) => signIn(email, password)} labels={LABELS}>
      <Stack gap="md">
        <FormErrors labels={LABELS} />
        <TextField<SignInValues> name="email" label="E-mail" type="email" autoComplete="username" withAsterisk />
        <PasswordField<SignInValues> name="password" label="Senha" autoComplete="current-password" withAsterisk />
        <Button type="submit" loading={form.formState.isSubmitting} fullWidth>
          Entrar
        </Button>
        <Group justify="center">
          <Anchor component="button" type="button" size="sm" onClick={() => onForgot(form.getValues('email').trim())}>
            Esqueci minha senha
          </Anchor>
        </Group>
      </Stack>
    </Form>
  );
}

export default function SignInPage() {
  // The e-mail typed before "Esqueci minha senha", or null while signing in.
  const [resetting, setResetting] = useState<string | null>(null);
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
        {resetting !== null ? (
          <Stack gap="md">
            <ResetPasswordForm initialEmail={resetting} onDone={() => setResetting(null)} />
            <Button variant="subtle" onClick={() => setResetting(null)}>
              Voltar para o login
            </Button>
          </Stack>
        ) : (
          <SignInForm onForgot={setResetting} />
        )}
      </Paper>
    </Container>
  );
}
