import { ApiError } from '@backoffice/api-client';
import * as auth from '@backoffice/auth';
import { BackofficeProvider } from '@backoffice/ui';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ChangePasswordForm } from './ChangePasswordForm';

function renderForm(changePassword: (current: string, next: string) => Promise<void>) {
  const reloadUser = vi.fn().mockResolvedValue(null);
  vi.spyOn(auth, 'useSession').mockReturnValue({ adapter: { changePassword }, reloadUser } as unknown as auth.Session);
  render(
    <BackofficeProvider env="test">
      <ChangePasswordForm />
    </BackofficeProvider>,
  );
  return { reloadUser };
}

const fill = (current: string, next: string, confirmation: string) => {
  fireEvent.change(screen.getByLabelText(/Senha atual/), { target: { value: current } });
  fireEvent.change(screen.getByLabelText(/^Nova senha/), { target: { value: next } });
  fireEvent.change(screen.getByLabelText(/Confirmar nova senha/), { target: { value: confirmation } });
  fireEvent.click(screen.getByRole('button', { name: 'Alterar senha' }));
};

// Rendering Mantine in jsdom takes seconds per test when the machine is busy: well past the default 5 s.
describe('the password change on /perfil', { timeout: 30_000 }, () => {
  it('marks the fields required', () => {
    renderForm(vi.fn());
    for (const label of [/Senha atual/, /^Nova senha/, /Confirmar nova senha/]) expect(screen.getByLabelText(label).getAttribute('aria-required')).toBe('true');
  });

  it('a confirmation that differs is refused on its field, without asking the server', async () => {
    const change = vi.fn();
    renderForm(change);
    fill('Antiga@2026', 'Nova@2026xx', 'Outra@2026xx');
    expect(await screen.findByText('A confirmação não confere com a nova senha.')).toBeTruthy();
    expect(screen.getByLabelText(/Confirmar nova senha/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Corrija o campo Confirmar nova senha.');
    expect(change).not.toHaveBeenCalled();
  });

  it("the server's refusal of the current password is on that field", async () => {
    const refusal = new ApiError(422, {
      code: 'validation',
      message: 'Dados inválidos.',
      fields: [{ field: 'current_password', message: 'Senha atual incorreta.' }],
    });
    renderForm(vi.fn().mockRejectedValue(refusal));
    fill('errada', 'Nova@2026xx', 'Nova@2026xx');
    expect(await screen.findByText('Senha atual incorreta.')).toBeTruthy();
    expect(screen.getByLabelText(/Senha atual/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Corrija o campo Senha atual.');
  });

  it('a change that goes through empties the form and reloads the user', async () => {
    const change = vi.fn().mockResolvedValue(undefined);
    const { reloadUser } = renderForm(change);
    fill('Antiga@2026', 'Nova@2026xx', 'Nova@2026xx');
    await waitFor(() => expect(reloadUser).toHaveBeenCalled());
    expect(change).toHaveBeenCalledWith('Antiga@2026', 'Nova@2026xx');
    expect((screen.getByLabelText(/Senha atual/) as HTMLInputElement).value).toBe('');
  });
});
