import { ApiError } from '@backoffice/api-client';
import * as auth from '@backoffice/auth';
import { BackofficeProvider } from '@backoffice/ui';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import SignInPage from './SignInPage';

function renderPage(signIn: (email: string, password: string) => Promise<unknown>, adapter: Partial<auth.AuthAdapter> = {}) {
  vi.spyOn(auth, 'useSession').mockReturnValue({ signIn, adapter } as unknown as auth.Session);
  render(
    <BackofficeProvider env="test">
      <SignInPage />
    </BackofficeProvider>,
  );
}

// Rendering Mantine in jsdom takes seconds per test when the machine is busy: well past the default 5 s.
describe('the sign-in page', { timeout: 30_000 }, () => {
  it("shows the provider's message when it refuses", async () => {
    const signIn = vi.fn().mockRejectedValue(new ApiError(401, { code: 'invalid_credentials', message: 'E-mail ou senha inválidos.' }));
    renderPage(signIn);
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: ' ana@exemplo.com.br ' } });
    fireEvent.change(screen.getByLabelText(/Senha/), { target: { value: 'errada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('E-mail ou senha inválidos.');
    // The e-mail goes trimmed.
    expect(signIn).toHaveBeenCalledWith('ana@exemplo.com.br', 'errada');
  });

  it('asks for what is missing before asking the server', async () => {
    const signIn = vi.fn();
    renderPage(signIn);
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Informe o e-mail.')).toBeTruthy();
    expect(screen.getByText('Informe a senha.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Corrija os campos E-mail e Senha.');
    expect(signIn).not.toHaveBeenCalled();
  });

  it('"Esqueci minha senha" sends the code to the typed e-mail, then confirms; a wrong code is on its field', async () => {
    const sendResetCode = vi.fn().mockResolvedValue(undefined);
    const confirmReset = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError(422, { code: 'validation', message: 'Dados inválidos.', fields: [{ field: 'code', message: 'Código inválido ou expirado. Peça um novo código.' }] }),
      )
      .mockResolvedValueOnce(undefined);
    renderPage(vi.fn(), { sendResetCode, confirmReset });
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'ana@exemplo.com.br' } });
    fireEvent.click(screen.getByRole('button', { name: 'Esqueci minha senha' }));
    // The reset forms are fetched on this click (not part of the first load).
    const send = await screen.findByRole('button', { name: 'Enviar código' });
    expect((screen.getByLabelText(/E-mail/) as HTMLInputElement).value).toBe('ana@exemplo.com.br');
    fireEvent.click(send);
    await waitFor(() => expect(sendResetCode).toHaveBeenCalledWith('ana@exemplo.com.br'));
    expect(await screen.findByText('Se o e-mail estiver cadastrado, você receberá um código.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Código/), { target: { value: '000000' } });
    fireEvent.change(screen.getByLabelText(/Nova senha/), { target: { value: 'Nova@2026xyz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    expect(await screen.findByText('Código inválido ou expirado. Peça um novo código.')).toBeTruthy();
    expect(screen.getByLabelText(/Código/).getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText(/Código/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    // Done: back to the sign-in form.
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeTruthy();
    expect(confirmReset).toHaveBeenLastCalledWith('ana@exemplo.com.br', '123456', 'Nova@2026xyz');
  });
});
