import * as apiClient from '@backoffice/api-client/endpoints';
import { ApiError } from '@backoffice/api-client';
import type { PermissionEntry, UserPermissions } from '@backoffice/api-client/endpoints';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAdmin, someone } from '../../shared/renderAdmin';
import { PermissionsPanel } from './PermissionsPanel';

// The whole suite runs two files at a time on a shared machine: give the page time to answer.
configure({ asyncUtilTimeout: 10_000 });

const catalog: PermissionEntry[] = [
  { code: 'clientes_ler', label: 'consultar clientes', default_roles: ['SALESPERSON'], roles: ['SALESPERSON', 'ADMIN'], editable: true },
  { code: 'clientes_arquivar', label: 'arquivar e restaurar clientes', default_roles: ['ADMIN'], roles: ['ADMIN'], editable: true },
  { code: 'remessa_cobranca', label: 'gerar remessas de cobrança', default_roles: ['ADMIN'], roles: ['ADMIN'], editable: true },
  { code: 'hub', label: 'acessar o hub', default_roles: [], roles: [], flag: 'access_hub', editable: true },
  { code: 'autenticado', label: 'estar autenticado', default_roles: ['SALESPERSON'], roles: ['SALESPERSON'], editable: false },
];

const seller = someone({ uid: 'u-seller', name: 'Bruno Vendedor', email: 'bruno@exemplo.com.br', role: 'SALESPERSON', access_hub: true });

const held: UserPermissions = {
  uid: 'u-seller',
  role: 'SALESPERSON',
  permissions: ['clientes_ler', 'hub', 'autenticado', 'remessa_cobranca'],
  exceptions: [{ permission: 'remessa_cobranca', granted: true, reason: 'Cobre as remessas nas férias', by_uid: 'u-admin', at: '2026-03-08T12:00:00Z' }],
};

function renderPanel() {
  vi.spyOn(apiClient, 'listPermissions').mockResolvedValue(catalog);
  vi.spyOn(apiClient, 'getUserPermissions').mockResolvedValue(held);
  return renderAdmin(<PermissionsPanel user={seller} />);
}

const rowOf = (label: string) => screen.getByRole('cell', { name: label }).closest('tr') as HTMLElement;

describe('<PermissionsPanel>', () => {
  it('says which permissions come from the role (or a flag) and which are exceptions, with the reason', async () => {
    renderPanel();
    const exceptions = await screen.findByRole('list', { name: 'Exceções ao perfil' });
    expect(within(exceptions).getByText('Gerar remessas de cobrança')).toBeTruthy();
    expect(within(exceptions).getByText('Concedida')).toBeTruthy();
    expect(within(exceptions).getByText(/motivo: Cobre as remessas nas férias/)).toBeTruthy();
    expect(within(rowOf('Consultar clientes')).getByText('Pelo perfil')).toBeTruthy();
    expect(within(rowOf('Acessar o hub')).getByText('Pelo perfil')).toBeTruthy();
    expect(within(rowOf('Arquivar e restaurar clientes')).getByText('Não tem')).toBeTruthy();
    expect(within(rowOf('Gerar remessas de cobrança')).getByText('Concedida como exceção')).toBeTruthy();
    // A fixed permission offers no decision; an exception can go back to the role's default.
    expect(within(rowOf('Estar autenticado')).getByText('Fixa')).toBeTruthy();
    expect(within(rowOf('Gerar remessas de cobrança')).getByRole('button', { name: 'Voltar ao padrão: gerar remessas de cobrança' })).toBeTruthy();
  }, 20_000);

  it('grants one permission only with a reason of at least 10 characters', async () => {
    renderPanel();
    const set = vi.spyOn(apiClient, 'setUserPermission').mockResolvedValue({
      ...held,
      permissions: [...held.permissions, 'clientes_arquivar'],
      exceptions: [...held.exceptions, { permission: 'clientes_arquivar', granted: true, reason: 'Supervisiona a carteira', by_uid: 'u-admin', at: '2026-03-09T12:00:00Z' }],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Conceder arquivar e restaurar clientes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conceder permissão' });
    expect(within(dialog).getByText('Bruno Vendedor passa a poder arquivar e restaurar clientes, qualquer que seja o perfil.')).toBeTruthy();
    const reason = within(dialog).getByLabelText(/Motivo/);
    fireEvent.change(reason, { target: { value: 'curto' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conceder' }));
    expect(await within(dialog).findByText('O motivo deve ter pelo menos 10 caracteres.')).toBeTruthy();
    expect(set).not.toHaveBeenCalled();
    fireEvent.change(reason, { target: { value: 'Supervisiona a carteira' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conceder' }));
    await waitFor(() => expect(set).toHaveBeenCalledWith('u-seller', 'clientes_arquivar', { decision: 'CONCEDER', reason: 'Supervisiona a carteira' }));
  }, 20_000);

  it('puts the server’s refusal of the reason on the reason field, by its label', async () => {
    renderPanel();
    vi.spyOn(apiClient, 'setUserPermission').mockRejectedValue(
      new ApiError(400, { code: 'invalido', message: 'Dados inválidos.', fields: [{ field: 'reason', message: 'O motivo não pode repetir um caractere.' }] }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Revogar consultar clientes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revogar permissão' });
    fireEvent.change(within(dialog).getByLabelText(/Motivo/), { target: { value: 'aaaaaaaaaaaa' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revogar' }));
    expect(await within(dialog).findByText('O motivo não pode repetir um caractere.')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe('Corrija o campo Motivo.');
  }, 20_000);
});
