import { useListBankAccounts, type BankAccount, type CollectionAgreement, type PaymentAgreement } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import { confirmActiveChange, Spinner, Alert, Badge, Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@backoffice/ui';
import { lazy, Suspense, useState } from 'react';
import { PAYMENT_METHOD_LABELS, percentLabel, useAgreementMutations, useCollectionAgreements, usePaymentAgreements } from '../api/agreementQueries';
// The forms (and zod) are fetched when one opens.
const CollectionAgreementForm = lazy(() => import('./CollectionAgreementForm').then((m) => ({ default: m.CollectionAgreementForm })));
const PaymentAgreementForm = lazy(() => import('./PaymentAgreementForm').then((m) => ({ default: m.PaymentAgreementForm })));

type Editing = { kind: 'collection'; agreement?: CollectionAgreement } | { kind: 'payment'; agreement?: PaymentAgreement } | null;

/**
 * The convênios of the "Contas bancárias e convênios" tab, grouped by bank account: de cobrança (carteira, layout,
 * the nosso número counter and what is left of the range, multa and juros, PIX) and de pagamentos (formas).
 */
export function AgreementsSection() {
  const bankAccounts = useListBankAccounts();
  const accounts: BankAccount[] = bankAccounts.data?.items ?? [];
  const collections = useCollectionAgreements();
  const payments = usePaymentAgreements();
  const mayEdit = usePermission('financeiro_cadastros_editar');
  const { updateCollection, updatePayment } = useAgreementMutations();
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);

  const toggleCollection = (a: CollectionAgreement) =>
    confirmActiveChange({
      active: a.active,
      noun: 'convênio',
      name: a.name,
      done: `Convênio ${a.name} ${a.active ? 'desativado' : 'reativado'}.`,
      failure: 'Não foi possível alterar o convênio.',
      save: () => updateCollection.mutateAsync({ id: a.id, data: { version: a.version, active: !a.active } }),
    });
  const togglePayment = (a: PaymentAgreement) =>
    confirmActiveChange({
      active: a.active,
      noun: 'convênio',
      name: a.name,
      done: `Convênio ${a.name} ${a.active ? 'desativado' : 'reativado'}.`,
      failure: 'Não foi possível alterar o convênio.',
      save: () => updatePayment.mutateAsync({ id: a.id, data: { version: a.version, active: !a.active } }),
    });

  if (collections.isPending || payments.isPending) return <Spinner />;
  if (collections.isError || payments.isError) {
    return (
      <Alert color="red" role="alert" title="Não foi possível carregar os convênios">
        {(collections.error ?? payments.error)?.message}
      </Alert>
    );
  }
  const byAccount = (id: string) => ({
    collection: collections.data.items.filter((a) => a.bank_account_id === id),
    payment: payments.data.items.filter((a) => a.bank_account_id === id),
  });
  const withAgreements = accounts.filter((a) => byAccount(a.id).collection.length + byAccount(a.id).payment.length > 0);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Convênios de cobrança e de pagamentos
        </Title>
        {mayEdit && (
          <Group gap="xs">
            <Button variant="light" onClick={() => setEditing({ kind: 'payment' })}>
              Novo convênio de pagamentos
            </Button>
            <Button onClick={() => setEditing({ kind: 'collection' })}>Novo convênio de cobrança</Button>
          </Group>
        )}
      </Group>
      {withAgreements.length === 0 && (
        <Paper withBorder p="lg" radius="md">
          <Text>Nenhum convênio cadastrado.</Text>
        </Paper>
      )}
      {withAgreements.map((account) => {
        const { collection, payment } = byAccount(account.id);
        return (
          <Paper key={account.id} withBorder radius="md" p="sm" style={{ overflowX: 'auto' }}>
            <Text fw={600} mb="xs">
              {account.nickname} · {account.bank} {account.bank_name} · ag. {account.agency} · conta {account.account}-{account.account_digit}
            </Text>
            {collection.length > 0 && (
              <Table aria-label={`Convênios de cobrança de ${account.nickname}`} verticalSpacing="xs" style={{ whiteSpace: 'nowrap' }}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Cobrança</Table.Th>
                    <Table.Th scope="col">Código</Table.Th>
                    <Table.Th scope="col">Carteira</Table.Th>
                    <Table.Th scope="col">Layout</Table.Th>
                    <Table.Th scope="col">Próximo nosso número</Table.Th>
                    <Table.Th scope="col">Restam</Table.Th>
                    <Table.Th scope="col">Multa / juros</Table.Th>
                    <Table.Th scope="col">PIX</Table.Th>
                    <Table.Th scope="col">Situação</Table.Th>
                    {mayEdit && <Table.Th scope="col">Ações</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {collection.map((a) => (
                    <Table.Tr key={a.id} data-testid={`convenio-${a.beneficiary_code}-${a.carteira}`} style={a.active ? undefined : { opacity: 0.6 }}>
                      <Table.Td>{a.name}</Table.Td>
                      <Table.Td ff="monospace">
                        {a.beneficiary_code}
                        {a.beneficiary_code_digit ? `-${a.beneficiary_code_digit}` : ''}
                      </Table.Td>
                      <Table.Td>{a.carteira}</Table.Td>
                      <Table.Td>{a.layout === 'CNAB240' ? 'CNAB 240' : 'CNAB 400'}</Table.Td>
                      <Table.Td ff="monospace">{a.next_nosso_numero}</Table.Td>
                      <Table.Td>
                        <Badge color={a.nosso_numero_remaining < 1000 ? 'orange' : 'gray'} variant="light" tt="none">
                          {a.nosso_numero_remaining.toLocaleString('pt-BR')}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {percentLabel(a.fine_bp)} / {percentLabel(a.interest_monthly_bp)} a.m.
                      </Table.Td>
                      <Table.Td>{a.pix_key ? 'Híbrido' : '—'}</Table.Td>
                      <Table.Td>{a.active ? 'Ativo' : 'Inativo'}</Table.Td>
                      {mayEdit && (
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            <Button size="compact-xs" variant="subtle" onClick={() => setEditing({ kind: 'collection', agreement: a })} aria-label={`Editar ${a.name}`}>
                              Editar
                            </Button>
                            <Button size="compact-xs" variant="subtle" color={a.active ? 'red' : undefined} onClick={() => toggleCollection(a)} aria-label={`${a.active ? 'Desativar' : 'Reativar'} ${a.name}`}>
                              {a.active ? 'Desativar' : 'Reativar'}
                            </Button>
                          </Group>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {payment.length > 0 && (
              <Table aria-label={`Convênios de pagamentos de ${account.nickname}`} verticalSpacing="xs" style={{ whiteSpace: 'nowrap' }} mt="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Pagamentos</Table.Th>
                    <Table.Th scope="col">Código</Table.Th>
                    <Table.Th scope="col">Próximo sequencial</Table.Th>
                    <Table.Th scope="col">Formas</Table.Th>
                    <Table.Th scope="col">Situação</Table.Th>
                    {mayEdit && <Table.Th scope="col">Ações</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {payment.map((a) => (
                    <Table.Tr key={a.id} style={a.active ? undefined : { opacity: 0.6 }}>
                      <Table.Td>{a.name}</Table.Td>
                      <Table.Td ff="monospace">{a.code}</Table.Td>
                      <Table.Td>{a.next_file_sequence}</Table.Td>
                      <Table.Td>{a.methods.map((m) => PAYMENT_METHOD_LABELS[m] ?? m).join(', ')}</Table.Td>
                      <Table.Td>{a.active ? 'Ativo' : 'Inativo'}</Table.Td>
                      {mayEdit && (
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            <Button size="compact-xs" variant="subtle" onClick={() => setEditing({ kind: 'payment', agreement: a })} aria-label={`Editar ${a.name}`}>
                              Editar
                            </Button>
                            <Button size="compact-xs" variant="subtle" color={a.active ? 'red' : undefined} onClick={() => togglePayment(a)} aria-label={`${a.active ? 'Desativar' : 'Reativar'} ${a.name}`}>
                              {a.active ? 'Desativar' : 'Reativar'}
                            </Button>
                          </Group>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Paper>
        );
      })}
      <Modal
        opened={editing !== null}
        onClose={close}
        title={
          editing?.kind === 'collection'
            ? editing.agreement
              ? `Editar ${editing.agreement.name}`
              : 'Novo convênio de cobrança'
            : editing?.agreement
              ? `Editar ${editing.agreement.name}`
              : 'Novo convênio de pagamentos'
        }
        size="xl"
        centered
      >
        <Suspense fallback={<Spinner />}>
          {editing?.kind === 'collection' && <CollectionAgreementForm accounts={accounts} agreement={editing.agreement} onDone={close} />}
          {editing?.kind === 'payment' && <PaymentAgreementForm accounts={accounts} agreement={editing.agreement} onDone={close} />}
        </Suspense>
      </Modal>
    </Stack>
  );
}
