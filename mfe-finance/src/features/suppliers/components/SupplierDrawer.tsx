import type { SupplierDetail } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import { Alert, Badge, Button, confirmActiveChange, formatDateTime, Group, HistoryPanel, maskCep, maskPhone, Modal, SimpleGrid, Spinner, Stack, Tabs, Text, useDetailParam, Drawer, LabeledValue } from '@backoffice/ui';
import { lazy, Suspense, useState } from 'react';
import { fieldLabel, KIND_LABELS, PAYMENT_METHOD_LABELS } from '../api/supplierModel';
import { useSupplier, useSupplierHistory, useSupplierMutations } from '../api/suppliersQueries';
import { BankDataPanel } from './BankDataPanel';

const EditSupplierForm = lazy(() => import('./SupplierForm').then((m) => ({ default: m.EditSupplierForm })));

const HISTORY_FIELDS = ['name', 'trade_name', 'email', 'phone', 'address', 'default_payment_method', 'default_chart_account_id', 'default_cost_center_id', 'notes', 'active'];
const HISTORY_LABELS = Object.fromEntries(HISTORY_FIELDS.map((field) => [field, fieldLabel(field) ?? field]));
const STATE_LABELS = { ATIVO: 'Ativo', INATIVO: 'Inativo' };

/** The panel of the supplier named by `?id=` (closing it takes `id` out of the address). */
export function SupplierDrawer() {
  const panel = useDetailParam('id');
  const id = panel.value;
  const detail = useSupplier(id);
  return (
    <Drawer opened={id !== null} onClose={panel.close} position="right" size="xl" title={detail.data?.name ?? 'Fornecedor'} closeButtonProps={{ 'aria-label': 'Fechar' }}>
      {detail.isPending && id !== null ? (
        <Spinner />
      ) : detail.isError ? (
        <Alert color="red" role="alert" title="Não foi possível abrir o fornecedor">
          {detail.error.message}
        </Alert>
      ) : detail.data ? (
        <SupplierPanel supplier={detail.data} />
      ) : null}
    </Drawer>
  );
}

function SupplierPanel({ supplier }: { supplier: SupplierDetail }) {
  const mayEdit = usePermission('fornecedores_editar');
  const { update } = useSupplierMutations();
  const [editing, setEditing] = useState(false);
  const history = useSupplierHistory(supplier.id);
  const seesBankData = supplier.bank_accounts !== undefined;
  const toggle = () =>
    confirmActiveChange({
      active: supplier.active,
      noun: 'fornecedor',
      name: supplier.name,
      consequence: 'Ele deixa de ser oferecido em novas contas a pagar; o que já existe continua como está.',
      done: `Fornecedor ${supplier.name} ${supplier.active ? 'inativado' : 'reativado'}.`,
      failure: 'Não foi possível alterar o fornecedor.',
      save: () => update.mutateAsync({ id: supplier.id, body: { version: supplier.version, active: !supplier.active } }),
    });
  const address = supplier.address;
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge color={supplier.active ? 'green' : 'gray'} variant="light" tt="none">
          {supplier.active ? 'Ativo' : 'Inativo'}
        </Badge>
        {supplier.pending_bank_data && (
          <Badge color="orange" variant="light" tt="none">
            Dados bancários pendentes
          </Badge>
        )}
        <Text size="sm">{KIND_LABELS[supplier.kind] ?? supplier.kind}</Text>
      </Group>
      {mayEdit && (
        <Group gap="xs">
          <Button variant="default" onClick={() => setEditing(true)}>
            Editar
          </Button>
          <Button variant="default" color={supplier.active ? 'red' : undefined} onClick={toggle}>
            {supplier.active ? 'Inativar' : 'Reativar'}
          </Button>
        </Group>
      )}
      <Tabs defaultValue="data">
        <Tabs.List mb="md">
          <Tabs.Tab value="data">Dados</Tabs.Tab>
          {seesBankData && <Tabs.Tab value="bank">Dados bancários</Tabs.Tab>}
          <Tabs.Tab value="history">Histórico</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="data">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <LabeledValue label={supplier.kind === 'PF' ? 'CPF' : 'CNPJ'}>{supplier.document_formatted}</LabeledValue>
            <LabeledValue label="Nome fantasia">{supplier.trade_name ?? '—'}</LabeledValue>
            <LabeledValue label="E-mail">{supplier.email ?? '—'}</LabeledValue>
            <LabeledValue label="Telefone">{supplier.phone ? maskPhone(supplier.phone) : '—'}</LabeledValue>
            <LabeledValue label="Endereço">
              {address
                ? `${address.street}${address.number ? `, ${address.number}` : ''}${address.complement ? ` ${address.complement}` : ''} — ${address.district ? `${address.district} — ` : ''}${address.city}/${address.state} — CEP ${maskCep(address.cep)}`
                : '—'}
            </LabeledValue>
            <LabeledValue label="Forma de pagamento padrão">{supplier.default_payment_method ? (PAYMENT_METHOD_LABELS[supplier.default_payment_method] ?? supplier.default_payment_method) : '—'}</LabeledValue>
            <LabeledValue label="Cadastrado em">{formatDateTime(supplier.created_at)}</LabeledValue>
            <LabeledValue label="Atualizado em">{formatDateTime(supplier.updated_at)}</LabeledValue>
          </SimpleGrid>
          {supplier.notes && (
            <Stack mt="sm">
              <LabeledValue label="Observações">{supplier.notes}</LabeledValue>
            </Stack>
          )}
        </Tabs.Panel>
        {seesBankData && (
          <Tabs.Panel value="bank">
            <BankDataPanel supplier={supplier} />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="history">
          <HistoryPanel entries={history.data} loading={history.isPending} error={history.error} onRetry={() => void history.refetch()} fieldLabels={HISTORY_LABELS} stateLabels={STATE_LABELS} />
        </Tabs.Panel>
      </Tabs>
      <Modal opened={editing} onClose={() => setEditing(false)} title={`Editar ${supplier.name}`} size="xl" centered>
        <Suspense fallback={<Spinner />}>{editing && <EditSupplierForm supplier={supplier} onDone={() => setEditing(false)} />}</Suspense>
      </Modal>
    </Stack>
  );
}
