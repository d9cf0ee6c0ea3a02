import { ApiError } from '@backoffice/api-client';
import { createStockBom, useListStockBoms, useListStockProceduresWithoutBom, type StockBomSummary, type StockProcedureWithoutBom } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import type { PageProps } from '@backoffice/routes';
import { Badge, Button, DataTable, Group, Modal, Stack, Tabs, Text, TextInput, Title, formatCentavos, formatDate, formatDateTime, notify, useNavigate, useSearchParams, type DataTableColumn } from '@backoffice/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { BomDetail } from './BomDetail';

/**
 * `/estoque/backoffice/base-calculo-procedimentos`: procedures with their BOM (global and per-clinic override), the
 * version in force and its material cost; a BOM's detail (`?id=`) with its versions, draft editing, publishing,
 * the diff of two versions and the CSV import; and "Procedimento sem base de cálculo".
 */
export default function BomsPage({ route }: PageProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = params.get('id');
  if (id) {
    return (
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1}>{route.title}</Title>
          <Button variant="default" onClick={() => navigate(route.path)}>Voltar para a lista</Button>
        </Group>
        <BomDetail id={id} onOpen={(other) => navigate(`${route.path}?id=${other}`)} />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Title order={1}>{route.title}</Title>
      <Tabs defaultValue="boms" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="boms">Procedimentos</Tabs.Tab>
          <Tabs.Tab value="without">Procedimento sem base de cálculo</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="boms" pt="md">
          <BomsTab open={(bomId) => navigate(`${route.path}?id=${bomId}`)} />
        </Tabs.Panel>
        <Tabs.Panel value="without" pt="md">
          <WithoutBomTab open={(bomId) => navigate(`${route.path}?id=${bomId}`)} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function BomsTab({ open }: { open: (id: string) => void }) {
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const mayWrite = usePermission('estoque_base_calculo_editar');
  const boms = useListStockBoms(search.trim() ? { search: search.trim() } : {});
  const columns: DataTableColumn<StockBomSummary>[] = [
    { id: 'code', header: 'Código', cell: (b) => <Button variant="subtle" size="compact-sm" onClick={() => open(b.id)}>{b.procedure_code}</Button> },
    { id: 'name', header: 'Procedimento', cell: (b) => b.procedure_name },
    { id: 'scope', header: 'Abrangência', cell: (b) => (b.clinic_location_id ? <Badge color="grape">Exceção: {b.clinic_name}</Badge> : <Badge color="blue">Global</Badge>) },
    {
      id: 'in_force',
      header: 'Versão vigente',
      cell: (b) => (b.in_force ? `Versão ${b.in_force.number} desde ${b.in_force.effective_from ? formatDate(b.in_force.effective_from) : '—'}` : <Text c="dimmed" size="sm">Nenhuma publicada</Text>),
    },
    { id: 'cost', header: 'Custo de material', cell: (b) => (b.in_force ? formatCentavos(b.in_force.cost_cents) : '—') },
    {
      id: 'next',
      header: 'Próximas',
      cell: (b) => (
        <Group gap={4}>
          {b.scheduled && <Badge color="orange" variant="light">Versão {b.scheduled.number} a partir de {b.scheduled.effective_from ? formatDate(b.scheduled.effective_from) : '—'}</Badge>}
          {b.draft && <Badge color="gray" variant="light">Rascunho da versão {b.draft.number}</Badge>}
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <TextInput label="Buscar" placeholder="Código ou nome do procedimento" value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={320} />
        {mayWrite && <Button onClick={() => setCreating(true)}>Nova base de cálculo</Button>}
      </Group>
      <DataTable<StockBomSummary>
        id="stock.boms"
        label="Bases de cálculo de procedimentos"
        columns={columns}
        rows={boms.data}
        getRowId={(b) => b.id}
        getRowLabel={(b) => `${b.procedure_code}${b.clinic_name ? ` (${b.clinic_name})` : ''}`}
        loading={boms.isFetching}
        error={boms.isError ? boms.error : null}
        onRetry={() => void boms.refetch()}
        emptyMessage="Nenhuma base de cálculo."
        minWidth={900}
      />
      <Modal opened={creating} onClose={() => setCreating(false)} title="Nova base de cálculo" centered>
        {creating && <NewBomForm onDone={(bomId) => { setCreating(false); open(bomId); }} />}
      </Modal>
    </Stack>
  );
}

function NewBomForm({ onDone }: { onDone: (id: string) => void }) {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      const created = await createStockBom({ procedure_code: code, procedure_name: name });
      await queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/v1/stock/') });
      notify(`Base de cálculo de ${created.procedure_code} criada (versão 1, rascunho).`, 'success');
      onDone(created.id);
    } catch (e) {
      const fields = e instanceof ApiError ? e.fieldMessages() : {};
      setErrors(fields);
      if (!Object.keys(fields).length) notify(e instanceof Error ? e.message : 'Não foi possível criar.', 'error');
    } finally {
      setSaving(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Nova base de cálculo" noValidate>
      <Stack gap="sm">
        <TextInput label="Código do procedimento" description="O catálogo de vendas vincula o procedimento por este código" required value={code} error={errors.procedure_code} onChange={(e) => setCode(e.currentTarget.value)} />
        <TextInput label="Nome do procedimento" required value={name} error={errors.procedure_name} onChange={(e) => setName(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>Criar</Button>
        </Group>
      </Stack>
    </form>
  );
}

function WithoutBomTab({ open }: { open: (id: string) => void }) {
  const rows = useListStockProceduresWithoutBom();
  const columns: DataTableColumn<StockProcedureWithoutBom>[] = [
    { id: 'code', header: 'Código', cell: (r) => (r.bom_id ? <Button variant="subtle" size="compact-sm" onClick={() => open(r.bom_id ?? '')}>{r.procedure_code}</Button> : r.procedure_code) },
    { id: 'name', header: 'Procedimento', cell: (r) => r.procedure_name ?? <Text c="dimmed" size="sm">Sem cadastro</Text> },
    { id: 'clinic', header: 'Clínica', cell: (r) => r.location_name },
    { id: 'count', header: 'Realizações', cell: (r) => r.occurrences.toLocaleString('pt-BR') },
    { id: 'last', header: 'Última realização', cell: (r) => formatDateTime(r.last_occurred_at) },
  ];
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">Procedimentos realizados sem versão publicada da base de cálculo: nenhum material foi baixado do estoque. Publique uma versão para que os próximos sejam lançados.</Text>
      <DataTable<StockProcedureWithoutBom>
        id="stock.boms.without"
        label="Procedimento sem base de cálculo"
        columns={columns}
        rows={rows.data}
        getRowId={(r) => `${r.procedure_code}:${r.location_id}`}
        getRowLabel={(r) => r.procedure_code}
        loading={rows.isFetching}
        error={rows.isError ? rows.error : null}
        onRetry={() => void rows.refetch()}
        emptyMessage="Nenhum procedimento sem base de cálculo."
        minWidth={700}
      />
    </Stack>
  );
}
