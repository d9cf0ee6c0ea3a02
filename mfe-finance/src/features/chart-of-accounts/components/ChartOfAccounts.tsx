import type { ChartAccount } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import type { PageProps } from '@backoffice/routes';
import { confirmActiveChange, notify, Spinner, Alert, Badge, Button, Checkbox, Group, Modal, Paper, Stack, Table, Text, TextInput, Title } from '@backoffice/ui';
import { lazy, Suspense, useMemo, useState } from 'react';
import { KIND_LABELS, NATURE_COLORS, NATURE_LABELS, nextChildCode, visibleAccounts } from '../api/chartModel';
import { useChartMutations, useChartTree } from '../api/chartQueries';
// The forms (and zod, which validates them) are fetched when one opens: the tree shows without them.
const NewAccountForm = lazy(() => import('./AccountForms').then((m) => ({ default: m.NewAccountForm })));
const EditAccountForm = lazy(() => import('./AccountForms').then((m) => ({ default: m.EditAccountForm })));
const ImportChartForm = lazy(() => import('./ImportChartForm').then((m) => ({ default: m.ImportChartForm })));

type Dialog = { kind: 'new'; parent: ChartAccount | null } | { kind: 'edit'; account: ChartAccount } | { kind: 'import' } | null;

/**
 * The chart of accounts (the first tab of `/backoffice/financeiro/planos-de-conta`) as a tree — search, synthetic/analytic, natureza,
 * what uses each account; who may edit adds accounts (at the top or under a synthetic one), renames, changes the
 * kind, deactivates and reactivates (nothing is deleted), imports a CSV, and on an empty chart creates the clinic
 * network's starter chart.
 */
export function ChartOfAccounts({ route, description }: PageProps) {
  const tree = useChartTree();
  const mayEdit = usePermission('financeiro_cadastros_editar');
  const { update, starter } = useChartMutations();
  const [search, setSearch] = useState('');
  const [showInactive, setShowInactive] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const accounts = useMemo(() => tree.data?.items ?? [], [tree.data]);
  const shown = useMemo(() => visibleAccounts(accounts, search, showInactive), [accounts, search, showInactive]);
  const close = () => setDialog(null);

  const toggleActive = (account: ChartAccount) =>
    confirmActiveChange({
      active: account.active,
      noun: 'conta',
      name: `${account.code} ${account.name}`,
      consequence: 'Ela deixa de ser oferecida em novos lançamentos; o que já a usa continua como está.',
      done: `Conta ${account.code} ${account.active ? 'desativada' : 'reativada'}.`,
      failure: 'Não foi possível alterar a conta.',
      save: () => update.mutateAsync({ id: account.id, data: { version: account.version, active: !account.active } }),
    });

  const createStarter = () =>
    starter.mutateAsync().then(
      (result) => notify(`Plano inicial criado com ${result.created} contas.`, 'success'),
      (error: unknown) => notify(error instanceof Error ? error.message : 'Não foi possível criar o plano inicial.', 'error'),
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{route.title}</Title>
          {description && <Text c="dimmed">{description}</Text>}
        </div>
        {mayEdit && accounts.length > 0 && (
          <Group gap="sm">
            <Button variant="default" onClick={() => setDialog({ kind: 'import' })}>
              Importar CSV
            </Button>
            <Button onClick={() => setDialog({ kind: 'new', parent: null })}>Nova conta</Button>
          </Group>
        )}
      </Group>

      {tree.isPending ? (
        <Spinner />
      ) : tree.isError ? (
        <Alert color="red" role="alert" title="Não foi possível carregar o plano de contas">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{tree.error.message}</Text>
            <Button variant="default" size="xs" onClick={() => void tree.refetch()}>
              Tentar novamente
            </Button>
          </Stack>
        </Alert>
      ) : accounts.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Stack gap="sm" align="flex-start">
            <Text>O plano de contas está vazio.</Text>
            {mayEdit ? (
              <>
                <Text size="sm" c="dimmed">
                  Comece pelo plano inicial de uma rede de clínicas (receitas de procedimentos e produtos, deduções, custos, pessoal, despesas
                  administrativas e financeiras, impostos, transferências) e ajuste-o, importe um CSV ou crie as contas uma a uma.
                </Text>
                <Group gap="sm">
                  <Button onClick={() => void createStarter()} loading={starter.isPending}>
                    Criar plano inicial
                  </Button>
                  <Button variant="default" onClick={() => setDialog({ kind: 'import' })}>
                    Importar CSV
                  </Button>
                  <Button variant="default" onClick={() => setDialog({ kind: 'new', parent: null })}>
                    Nova conta
                  </Button>
                </Group>
              </>
            ) : (
              <Text size="sm" c="dimmed">
                Peça a um gerente financeiro ou administrador para cadastrá-lo.
              </Text>
            )}
          </Stack>
        </Paper>
      ) : (
        <>
          <Group gap="md" align="flex-end">
            <TextInput label="Buscar" placeholder="Código ou nome" value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={280} />
            <Checkbox label="Mostrar inativas" checked={showInactive} onChange={(e) => setShowInactive(e.currentTarget.checked)} mb={8} />
            <Text c="dimmed" size="sm" mb={8} aria-live="polite">
              {shown.length === 1 ? '1 conta' : `${shown.length} contas`}
            </Text>
          </Group>
          <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
            <Table aria-label="Plano de contas" highlightOnHover verticalSpacing="xs" style={{ whiteSpace: 'nowrap' }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Conta</Table.Th>
                  <Table.Th scope="col">Tipo</Table.Th>
                  <Table.Th scope="col">Natureza</Table.Th>
                  <Table.Th scope="col">Em uso</Table.Th>
                  <Table.Th scope="col">Situação</Table.Th>
                  {mayEdit && <Table.Th scope="col">Ações</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((account) => (
                  <AccountRow
                    key={account.id}
                    account={account}
                    mayEdit={mayEdit}
                    onAddChild={() => setDialog({ kind: 'new', parent: account })}
                    onEdit={() => setDialog({ kind: 'edit', account })}
                    onToggle={() => toggleActive(account)}
                  />
                ))}
                {shown.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={mayEdit ? 6 : 5}>Nenhuma conta encontrada.</Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Paper>
        </>
      )}

      <Modal opened={dialog !== null} onClose={close} title={dialogTitle(dialog)} size="lg" centered>
        <Suspense fallback={<Spinner />}>
          {dialog?.kind === 'new' && <NewAccountForm parent={dialog.parent} suggestedCode={nextChildCode(accounts, dialog.parent)} onDone={close} />}
          {dialog?.kind === 'edit' && <EditAccountForm account={dialog.account} onDone={close} />}
          {dialog?.kind === 'import' && <ImportChartForm onDone={close} />}
        </Suspense>
      </Modal>
    </Stack>
  );
}

function dialogTitle(dialog: Dialog): string {
  if (!dialog) return '';
  if (dialog.kind === 'import') return 'Importar plano de contas (CSV)';
  if (dialog.kind === 'edit') return `Editar conta ${dialog.account.code}`;
  return dialog.parent ? `Nova conta em ${dialog.parent.code} ${dialog.parent.name}` : 'Nova conta de primeiro nível';
}

function AccountRow({ account, mayEdit, onAddChild, onEdit, onToggle }: { account: ChartAccount; mayEdit: boolean; onAddChild: () => void; onEdit: () => void; onToggle: () => void }) {
  const synthetic = account.kind === 'SINTETICA';
  const usage = synthetic ? (account.children === 1 ? '1 conta' : `${account.children} contas`) : account.documents === 1 ? '1 lançamento' : `${account.documents} lançamentos`;
  return (
    <Table.Tr data-testid={`conta-${account.code}`} style={account.active ? undefined : { opacity: 0.6 }}>
      <Table.Td style={{ paddingLeft: `calc(var(--mantine-spacing-sm) + ${(account.depth - 1) * 1.25}rem)` }}>
        <Text span fw={synthetic ? 700 : 400} ff="monospace" mr="sm">
          {account.code}
        </Text>
        <Text span fw={synthetic ? 700 : 400}>
          {account.name}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={synthetic ? 'neutral' : 'blue'} title={KIND_LABELS[account.kind]}>
          {KIND_LABELS[account.kind] ?? account.kind}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Badge variant="dot" color={NATURE_COLORS[account.nature] ?? 'gray'}>
          {NATURE_LABELS[account.nature] ?? account.nature}
        </Badge>
      </Table.Td>
      <Table.Td>{usage}</Table.Td>
      <Table.Td>{account.active ? 'Ativa' : 'Inativa'}</Table.Td>
      {mayEdit && (
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            {synthetic && account.active && (
              <Button size="compact-xs" variant="subtle" onClick={onAddChild} aria-label={`Adicionar conta em ${account.code}`}>
                Adicionar
              </Button>
            )}
            <Button size="compact-xs" variant="subtle" onClick={onEdit} aria-label={`Editar ${account.code}`}>
              Editar
            </Button>
            <Button size="compact-xs" variant="subtle" color={account.active ? 'red' : undefined} onClick={onToggle} aria-label={`${account.active ? 'Desativar' : 'Reativar'} ${account.code}`}>
              {account.active ? 'Desativar' : 'Reativar'}
            </Button>
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
