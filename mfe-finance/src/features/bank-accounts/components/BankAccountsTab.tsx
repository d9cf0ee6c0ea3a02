import type { BankAccount } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import { confirmActiveChange, formatCentavos, formatDate, Spinner, Alert, Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@backoffice/ui';
import { lazy, Suspense, useState } from 'react';
import { useBankAccountMutations, useBankAccounts } from '../api/bankAccountQueries';
// The forms (and zod) are fetched when one opens.
const NewBankAccountForm = lazy(() => import('./BankAccountForm').then((m) => ({ default: m.NewBankAccountForm })));
const EditBankAccountForm = lazy(() => import('./BankAccountForm').then((m) => ({ default: m.EditBankAccountForm })));

/**
 * The company's bank accounts (list, new, edit, deactivate/reactivate: nothing is deleted), then the convênios of
 * cobrança and of pagamentos under them (put together in src/app).
 */
export function BankAccountsTab() {
  const list = useBankAccounts();
  const mayEdit = usePermission('financeiro_cadastros_editar');
  const { update } = useBankAccountMutations();
  const [editing, setEditing] = useState<BankAccount | 'new' | null>(null);
  const accounts = list.data?.items ?? [];

  const toggle = (account: BankAccount) =>
    confirmActiveChange({
      active: account.active,
      noun: 'conta bancária',
      name: account.nickname,
      done: `Conta ${account.nickname} ${account.active ? 'desativada' : 'reativada'}.`,
      failure: 'Não foi possível alterar a conta.',
      save: () => update.mutateAsync({ id: account.id, data: { version: account.version, active: !account.active } }),
    });

  return (
    <Stack gap="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h3">
            Contas bancárias
          </Title>
          {mayEdit && <Button onClick={() => setEditing('new')}>Nova conta bancária</Button>}
        </Group>
        {list.isPending ? (
          <Spinner />
        ) : list.isError ? (
          <Alert color="red" role="alert" title="Não foi possível carregar as contas bancárias">
            {list.error.message}
          </Alert>
        ) : accounts.length === 0 ? (
          <Paper withBorder p="lg" radius="md">
            <Text>Nenhuma conta bancária cadastrada.</Text>
          </Paper>
        ) : (
          <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
            <Table aria-label="Contas bancárias" highlightOnHover verticalSpacing="xs" style={{ whiteSpace: 'nowrap' }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Apelido</Table.Th>
                  <Table.Th scope="col">Banco</Table.Th>
                  <Table.Th scope="col">Agência</Table.Th>
                  <Table.Th scope="col">Conta</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Saldo inicial
                  </Table.Th>
                  <Table.Th scope="col">Em</Table.Th>
                  <Table.Th scope="col">Situação</Table.Th>
                  {mayEdit && <Table.Th scope="col">Ações</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {accounts.map((account) => (
                  <Table.Tr key={account.id} data-testid={`conta-bancaria-${account.account}`} style={account.active ? undefined : { opacity: 0.6 }}>
                    <Table.Td>{account.nickname}</Table.Td>
                    <Table.Td>
                      {account.bank} · {account.bank_name}
                    </Table.Td>
                    <Table.Td ff="monospace">
                      {account.agency}
                      {account.agency_digit ? `-${account.agency_digit}` : ''}
                    </Table.Td>
                    <Table.Td ff="monospace">
                      {account.account}-{account.account_digit}
                    </Table.Td>
                    <Table.Td ta="right">{formatCentavos(account.opening_balance_cents)}</Table.Td>
                    <Table.Td>{formatDate(account.opening_date)}</Table.Td>
                    <Table.Td>{account.active ? 'Ativa' : 'Inativa'}</Table.Td>
                    {mayEdit && (
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button size="compact-xs" variant="subtle" onClick={() => setEditing(account)} aria-label={`Editar ${account.nickname}`}>
                            Editar
                          </Button>
                          <Button size="compact-xs" variant="subtle" color={account.active ? 'red' : undefined} onClick={() => toggle(account)} aria-label={`${account.active ? 'Desativar' : 'Reativar'} ${account.nickname}`}>
                            {account.active ? 'Desativar' : 'Reativar'}
                          </Button>
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
      </Stack>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'Nova conta bancária' : `Editar ${editing?.nickname ?? ''}`} size="lg" centered>
        <Suspense fallback={<Spinner />}>
          {editing === 'new' && <NewBankAccountForm onDone={() => setEditing(null)} />}
          {editing !== null && editing !== 'new' && <EditBankAccountForm account={editing} onDone={() => setEditing(null)} />}
        </Suspense>
      </Modal>
    </Stack>
  );
}
