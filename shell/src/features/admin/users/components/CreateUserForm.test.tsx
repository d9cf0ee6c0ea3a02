import * as apiClient from '@backoffice/api-client/endpoints';
import { ApiError } from '@backoffice/api-client';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAdmin, someone } from '../../shared/renderAdmin';
import { CreateUserForm } from './CreateUserForm';

// The whole suite runs two files at a time on a shared machine: give the page time to answer.
configure({ asyncUtilTimeout: 10_000 });

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { exact: false, selector: 'input' }), { target: { value } });
}

describe('<CreateUserForm>', () => {
  it('checks the fields before sending, with Portuguese messages on each', async () => {
    const create = vi.spyOn(apiClient, 'createUser');
    renderAdmin(<CreateUserForm onCreated={vi.fn()} onCancel={vi.fn()} />);
    fill('Nome', 'x'.repeat(121));
    fill('E-mail', 'sem-arroba');
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText('O nome deve ter no máximo 120 caracteres.')).toBeTruthy();
    expect(screen.getByText('Informe um e-mail válido, como nome@empresa.com.br.')).toBeTruthy();
    expect(screen.getByText('Escolha o perfil.')).toBeTruthy();
    expect(screen.getByText('A senha deve ter pelo menos 8 caracteres, conter pelo menos uma letra e conter pelo menos um número.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Corrija os campos Nome, E-mail, Perfil e Senha inicial.');
    expect(create).not.toHaveBeenCalled();
  }, 20_000);

  it('puts a server refusal on the field it names and says the field by its label', async () => {
    vi.spyOn(apiClient, 'createUser').mockRejectedValue(
      new ApiError(409, { code: 'email_duplicado', message: 'Já existe um usuário com o e-mail bruno@empresa.com.br.', fields: [{ field: 'email', message: 'e-mail já cadastrado' }] }),
    );
    const created = vi.fn();
    renderAdmin(<CreateUserForm onCreated={created} onCancel={vi.fn()} />);
    fill('Nome', 'Bruno Souza');
    fill('E-mail', 'bruno@empresa.com.br');
    fill('Senha inicial', 'Inicial2026');
    // The role: Mantine's Select opens on click and lists the roles an administrator may give.
    fireEvent.click(screen.getByLabelText('Perfil', { exact: false, selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Vendedor' }));
    expect(screen.queryByRole('option', { name: 'Administrador' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Acessa o hub' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText('e-mail já cadastrado')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Corrija o campo E-mail.');
    expect(apiClient.createUser).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Bruno Souza', role: 'SALESPERSON', access_hub: true, role_id: { can_see_conciliation: false, can_see_dispatch: false, can_approval_dispatch: false } }),
    );
    expect(created).not.toHaveBeenCalled();
  }, 20_000);

  it('hands the created user over', async () => {
    vi.spyOn(apiClient, 'createUser').mockResolvedValue(someone({ uid: 'novo', name: 'Bruno Souza' }));
    const created = vi.fn();
    renderAdmin(<CreateUserForm onCreated={created} onCancel={vi.fn()} />);
    fill('Nome', 'Bruno Souza');
    fill('E-mail', 'bruno@empresa.com.br');
    fill('Senha inicial', 'Inicial2026');
    fireEvent.click(screen.getByLabelText('Perfil', { exact: false, selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Assistente de compras' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar' }));
    await waitFor(() => expect(created).toHaveBeenCalledWith(expect.objectContaining({ uid: 'novo' })));
  }, 20_000);
});
