import type { Supplier } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import type { PageProps } from '@backoffice/routes';
import { Badge, Button, DataTable, DetailLink, Group, listTableProps, Modal, NativeSelect, Paper, SimpleGrid, Spinner, Stack, TextInput, Title, useDetailParam, type DataTableColumn } from '@backoffice/ui';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { countLabel, PAYMENT_METHOD_LABELS } from '../api/supplierModel';
import { useSuppliers } from '../api/suppliersQueries';
import { useSupplierListParams } from '../hooks/useSupplierListParams';
import { SupplierDrawer } from './SupplierDrawer';

// The form (and zod, which checks it) is fetched when it opens.
const NewSupplierForm = lazy(() => import('./SupplierForm').then((m) => ({ default: m.NewSupplierForm })));

const ACTIVE_FILTER = [
  { value: '', label: 'Ativos e inativos' },
  { value: 'true', label: 'Ativos' },
  { value: 'false', label: 'Inativos' },
];
const PENDING_FILTER = [
  { value: '', label: 'Todos' },
  { value: 'true', label: 'Pendentes de confirmação' },
];

const COLUMNS: ReadonlyArray<DataTableColumn<Supplier>> = [
  { id: 'name', header: 'Nome', cell: (supplier) => (
      <DetailLink param="id" value={supplier.id}>
        {supplier.name}
      </DetailLink>
    ),
  },
  { id: 'trade_name', header: 'Nome fantasia', cell: (supplier) => supplier.trade_name ?? '—' },
  { id: 'document', header: 'CPF/CNPJ', cell: (supplier) => supplier.document_formatted },
  { id: 'city', header: 'Cidade/UF', cell: (supplier) => (supplier.address ? `${supplier.address.city}/${supplier.address.state}` : '—') },
  { id: 'payment_method', header: 'Forma padrão', cell: (supplier) => (supplier.default_payment_method ? (PAYMENT_METHOD_LABELS[supplier.default_payment_method] ?? supplier.default_payment_method) : '—') },
  {
    id: 'status',
    header: 'Situação',
    cell: (supplier) => (
      <Group gap={6} wrap="nowrap">
        <Badge color={supplier.active ? 'green' : 'gray'} variant="light" tt="none">
          {supplier.active ? 'Ativo' : 'Inativo'}
        </Badge>
        {supplier.pending_bank_data && (
          <Badge color="orange" variant="light" tt="none">
            Dados bancários pendentes
          </Badge>
        )}
      </Group>
    ),
  },
];

/**
 * `/fornecedores`: the suppliers (finance keeps them; purchasing reads them and adds new ones without bank data),
 * filtered in the URL, and a supplier's panel at `?id=`.
 */
export default function SuppliersPage({ route }: PageProps) {
  const { list, params } = useSupplierListParams();
  const result = useSuppliers(params);
  const mayCreate = usePermission('fornecedores_editar');
  const [creating, setCreating] = useState(false);
  const panel = useDetailParam('id');
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{route.title}</Title>
        {mayCreate && <Button onClick={() => setCreating(true)}>Novo fornecedor</Button>}
      </Group>
      <Paper component="form" role="search" withBorder p="md" radius="md" onSubmit={(e: FormEvent) => e.preventDefault()}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          <TextInput label="Buscar" placeholder="Nome, nome fantasia ou CPF/CNPJ" value={list.inputs.q} onChange={(e) => list.setFilter('q', e.currentTarget.value)} type="search" />
          <NativeSelect label="Situação" value={list.filters.active} data={ACTIVE_FILTER} onChange={(e) => list.setFilter('active', e.currentTarget.value)} />
          <NativeSelect label="Dados bancários" value={list.filters.pending} data={PENDING_FILTER} onChange={(e) => list.setFilter('pending', e.currentTarget.value)} />
        </SimpleGrid>
      </Paper>
      <DataTable<Supplier>
        id="finance.suppliers"
        label="Fornecedores"
        columns={COLUMNS}
        rows={result.data?.items}
        getRowId={(supplier) => supplier.id}
        getRowLabel={(supplier) => supplier.name}
        pageInfo={result.data}
        loading={result.isFetching}
        error={result.isError ? result.error : null}
        onRetry={() => void result.refetch()}
        countLabel={countLabel}
        emptyMessage="Nenhum fornecedor encontrado."
        minWidth={900}
        {...listTableProps(list)}
      />
      <SupplierDrawer />
      <Modal opened={creating} onClose={() => setCreating(false)} title="Novo fornecedor" size="xl" centered>
        <Suspense fallback={<Spinner />}>
          {creating && (
            <NewSupplierForm
              onDone={(created) => {
                setCreating(false);
                if (created) panel.open(created.id);
              }}
            />
          )}
        </Suspense>
      </Modal>
    </Stack>
  );
}
