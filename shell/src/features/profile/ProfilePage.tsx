import { ApiError } from '@backoffice/api-client';
import { useSession } from '@backoffice/auth';
import { Button, formatDate, TextField, useNotify } from '@backoffice/ui';
import { useState, type FormEvent } from 'react';

const ROLE_LABELS: Record<string, string> = {
  FINANCIAL_ASSISTANT: 'Assistente financeiro',
  FINANCIAL_MANAGER: 'Gerente financeiro',
  LEGAL_ASSISTANT: 'Assistente jurídico',
  ADMIN: 'Administrador',
  SUPER_ADMIN: 'Superadministrador',
  SALESPERSON: 'Vendedor',
  SALES_MANAGER: 'Gerente de vendas',
  PURCHASING: 'Compras',
  STOCK_KEEPER: 'Estoquista',
};

export default function ProfilePage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <section>
      <h1>Meu perfil</h1>
      <dl className="bo-card">
        <dt>Nome</dt>
        <dd>{user.name}</dd>
        <dt>E-mail</dt>
        <dd>{user.email}</dd>
        <dt>Perfil</dt>
        <dd>{user.role ? (ROLE_LABELS[user.role] ?? user.role) : 'Sem perfil'}</dd>
        <dt>Cadastrado em</dt>
        <dd>{formatDate(user.created_at)}</dd>
      </dl>
      <ChangePasswordForm />
    </section>
  );
}

function ChangePasswordForm() {
  const { adapter, reloadUser } = useSession();
  const notify = useNotify();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (next !== confirmation) {
      setErrors({ confirmation: 'A confirmação não confere com a nova senha.' });
      return;
    }
    try {
      await adapter.changePassword(current, next);
      setErrors({});
      setCurrent('');
      setNext('');
      setConfirmation('');
      notify('Senha alterada com sucesso.', 'success');
      await reloadUser().catch(() => null);
    } catch (error) {
      setErrors(error instanceof ApiError ? error.fieldMessages() : {});
      setFormError(error instanceof Error ? error.message : 'Não foi possível alterar a senha.');
    }
  };

  return (
    <form className="bo-card" style={{ marginTop: '1rem', maxWidth: '32rem' }} onSubmit={(e) => void onSubmit(e)} noValidate>
      <h2>Alterar senha</h2>
      {formError && (
        <div className="bo-alert" role="alert">
          {formError}
        </div>
      )}
      <TextField label="Senha atual" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} error={errors.current_password} />
      <TextField label="Nova senha" type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} error={errors.new_password} />
      <TextField label="Confirmar nova senha" type="password" autoComplete="new-password" value={confirmation} onChange={(e) => setConfirmation(e.target.value)} error={errors.confirmation} />
      <Button type="submit">Alterar senha</Button>
    </form>
  );
}
