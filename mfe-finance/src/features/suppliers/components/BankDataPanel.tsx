import type { SupplierDetail } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import { ActionIcon, Alert, Badge, Button, formatDateTime, Group, modals, Modal, notify, Paper, Spinner, Stack, Text, Title } from '@backoffice/ui';
import { lazy, Suspense, useState } from 'react';
import { BANK_DATA_STATUS_LABELS, bankAccountLine, pixKeyLine } from '../api/supplierModel';
import { useSupplierMutations } from '../api/suppliersQueries';

const BankAccountForm = lazy(() => import('./BankDataForms').then((m) => ({ default: m.BankAccountForm })));
const PixKeyForm = lazy(() => import('./BankDataForms').then((m) => ({ default: m.PixKeyForm })));

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={status === 'PENDENTE' ? 'orange' : 'green'} variant="light" tt="none">
      {BANK_DATA_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

/**
 * A supplier's bank accounts and PIX keys. What a financial assistant adds stays "Pendente de confirmação" (no
 * payment uses it) until a manager confirms it: a changed payee is how payments get redirected.
 */
export function BankDataPanel({ supplier }: { supplier: SupplierDetail }) {
  const mayEdit = usePermission('fornecedores_dados_bancarios_editar');
  const mayConfirm = usePermission('fornecedores_dados_bancarios_confirmar');
  const { removeBankAccount, removePixKey, confirmBankData } = useSupplierMutations();
  const [adding, setAdding] = useState<'account' | 'pix' | null>(null);
  const accounts = supplier.bank_accounts ?? [];
  const keys = supplier.pix_keys ?? [];
  const done = () => setAdding(null);

  const remove = (what: string, run: () => Promise<unknown>) =>
    modals.openConfirmModal({
      title: 'Remover dado bancário',
      children: <Text size="sm">{`Remover ${what}? Ele deixa de ser usado em pagamentos; o histórico guarda quem removeu.`}</Text>,
      labels: { confirm: 'Remover', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        run().then(
          () => notify('Dado bancário removido.', 'success'),
          (error: unknown) => notify(error instanceof Error ? error.message : 'Não foi possível remover.', 'error'),
        );
      },
    });

  const confirm = () =>
    modals.openConfirmModal({
      title: 'Confirmar dados bancários',
      children: <Text size="sm">Confirme que conferiu com o fornecedor, por um canal que você já conhecia, as contas e chaves pendentes.</Text>,
      labels: { confirm: 'Confirmar dados', cancel: 'Cancelar' },
      onConfirm: () => {
        confirmBankData.mutateAsync(supplier.id).then(
          () => notify('Dados bancários confirmados.', 'success'),
          (error: unknown) => notify(error instanceof Error ? error.message : 'Não foi possível confirmar.', 'error'),
        );
      },
    });

  return (
    <Stack gap="md">
      {supplier.pending_bank_data && (
        <Alert color="orange" title="Dados bancários pendentes de confirmação">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Contas e chaves pendentes não são usadas em pagamentos até um gestor financeiro confirmá-las.</Text>
            {mayConfirm && <Button onClick={confirm}>Confirmar dados bancários</Button>}
          </Stack>
        </Alert>
      )}
      <Group justify="space-between">
        <Title order={3} size="h5">
          Contas bancárias
        </Title>
        {mayEdit && (
          <Button variant="light" size="xs" onClick={() => setAdding('account')}>
            Incluir conta
          </Button>
        )}
      </Group>
      {accounts.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhuma conta bancária.
        </Text>
      ) : (
        accounts.map((account) => (
          <Paper key={account.id} withBorder p="sm" radius="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {bankAccountLine(account)}
                </Text>
                <Text size="xs" c="dimmed">
                  Titular: {account.holder_name} ({account.holder_document}) · incluída em {formatDateTime(account.created_at)}
                </Text>
                {!account.holder_is_supplier && (
                  <Text size="xs" c="orange.8">
                    O titular não é o próprio fornecedor: confira antes de pagar.
                  </Text>
                )}
                <Group gap={6}>
                  <StatusBadge status={account.status} />
                </Group>
              </Stack>
              {mayEdit && (
                <ActionIcon variant="subtle" color="red" aria-label={`Remover ${bankAccountLine(account)}`} onClick={() => remove(`a conta ${bankAccountLine(account)}`, () => removeBankAccount.mutateAsync({ id: supplier.id, accountId: account.id }))}>
                  ×
                </ActionIcon>
              )}
            </Group>
          </Paper>
        ))
      )}
      <Group justify="space-between">
        <Title order={3} size="h5">
          Chaves PIX
        </Title>
        {mayEdit && (
          <Button variant="light" size="xs" onClick={() => setAdding('pix')}>
            Incluir chave PIX
          </Button>
        )}
      </Group>
      {keys.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhuma chave PIX.
        </Text>
      ) : (
        keys.map((key) => (
          <Paper key={key.id} withBorder p="sm" radius="md">
            <Group justify="space-between" wrap="nowrap">
              <Group gap="sm">
                <Text size="sm" fw={500}>
                  {pixKeyLine(key)}
                </Text>
                <StatusBadge status={key.status} />
              </Group>
              {mayEdit && (
                <ActionIcon variant="subtle" color="red" aria-label={`Remover ${pixKeyLine(key)}`} onClick={() => remove(`a chave ${pixKeyLine(key)}`, () => removePixKey.mutateAsync({ id: supplier.id, keyId: key.id }))}>
                  ×
                </ActionIcon>
              )}
            </Group>
          </Paper>
        ))
      )}
      <Modal opened={adding !== null} onClose={done} title={adding === 'pix' ? 'Incluir chave PIX' : 'Incluir conta bancária'} size="lg" centered>
        <Suspense fallback={<Spinner />}>
          {adding === 'account' && <BankAccountForm supplier={supplier} onDone={done} />}
          {adding === 'pix' && <PixKeyForm supplier={supplier} onDone={done} />}
        </Suspense>
      </Modal>
    </Stack>
  );
}
