import { useSession } from '@backoffice/auth';
import { useNavigate } from 'react-router';
import { ResetPasswordForm } from './ResetPasswordForm';

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
    <main className="bo-container" style={{ maxWidth: '28rem', marginTop: '6vh' }}>
      <section className="bo-card">
        <ResetPasswordForm initialEmail={user?.email ?? ''} onDone={onDone} />
      </section>
    </main>
  );
}
