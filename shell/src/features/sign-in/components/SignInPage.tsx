import { useSession } from '@backoffice/auth';
import { Form, FormErrors, PasswordField, TextField, Spinner, Anchor, Button, Container, Group, Paper, Stack, Text, Title } from '@backoffice/ui/host';
import { lazy, Suspense, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';

/** Shown on "Esqueci minha senha" only: its forms (and classic zod, shared whole) are not part of the first load. */
const ResetPasswordForm = lazy(() =>
  import(/* webpackChunkName: "reset-password-form" */ '../../../lib/ResetPasswordForm').then((m) => ({ default: m.ResetPasswordForm })),
);

interface SignInValues {
  email: string;
  password: string;
}

/**
 * The one form validated without zod: the sign-in page is the first load, and zod is shared whole (~47 KB
 * gzipped, a third of the budget); two required fields do not need it. Still react-hook-form, through a resolver,
 * so the page's inputs and errors work like every other form's.
 */
export const signInResolver: Resolver<SignInValues> = (values) => {
  const email = values.email.trim();
  const errors: FieldErrors<SignInValues> = {};
  if (!email) errors.email = { type: 'required', message: 'Informe o e-mail.' };
  if (!values.password) errors.password = { type: 'required', message: 'Informe a senha.' };
  if (Object.keys(errors).length > 0) return { values: {} as Record<string, never>, errors };
  return { values: { email, password: values.password }, errors: {} };
};

const LABELS = { email: 'E-mail', password: 'Senha' };

/** E-mail and password; a refusal shows the provider's own message ("E-mail ou senha inválidos.", throttling…). */
function SignInForm({ onForgot }: { onForgot: (email: string) => void }) {
  const { signIn } = useSession();
  const form = useForm<SignInValues>({ resolver: signInResolver, defaultValues: { email: '', password: '' } });
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
            <Suspense fallback={<Spinner />}>
              <ResetPasswordForm initialEmail={resetting} onDone={() => setResetting(null)} />
            </Suspense>
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
