import { useSession } from '@backoffice/auth';
import { Container, Paper, useNavigate } from '@backoffice/ui';
import { ResetPasswordForm } from '../../../lib/ResetPasswordForm';

/** Reached by a signed-in user who has not updated the password yet (the guard sends the others away). */
export default function ResetPasswordPage() {
  const { user, reloadUser } = useSession();
  const navigate = useNavigate();
  const onDone = () => {
    void reloadUser()
      .catch(() => null)
      .then(() => navigate('/inicio', { replace: true }));
  };
  return (
    <Container component="main" size={448} py="xl" mt="6vh">
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <ResetPasswordForm initialEmail={user?.email ?? ''} onDone={onDone} />
      </Paper>
    </Container>
  );
}
