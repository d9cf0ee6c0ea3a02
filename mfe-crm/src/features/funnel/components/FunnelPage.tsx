import type { FunnelStage, Opportunity } from '@backoffice/api-client/endpoints';
import { useGetOpportunity, useListLinks, useListTeams } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import type { PageProps } from '@backoffice/routes';
import { Alert, Anchor, Badge, Box, Button, DataTable, DateFilterInput, formatCentavos, formatDate, formatInteger, Group, listTableProps, Modal, NativeSelect, notify, Paper, SimpleGrid, Spinner, Stack, Text, TextInput, Title, todayInSaoPaulo, useListParams, type DataTableColumn, SegmentedControl, useSearchParams } from '@backoffice/ui';
import { lazy, Suspense, useMemo, useState, type ComponentType, type FormEvent } from 'react';
import { usePickers } from '../../../lib/pickers';
import { usePreview } from '../../../lib/previews';
import { boardQuery, FUNNEL_FILTERS, personOf } from '../api/funnelModel';
import { useBoard, useFunnelSettings, useMoveCard, useOpportunityList } from '../api/funnelQueries';
import { FunnelBoard } from './FunnelBoard';
import { OpportunityDrawer } from './OpportunityDrawer';

const LeadForm = lazy(() => import('./LeadForm').then((m) => ({ default: m.LeadForm })));
const LoseForm = lazy(() => import('./LoseForm').then((m) => ({ default: m.LoseForm })));

const IDLE_OPTIONS = [
  { value: '', label: 'Qualquer' },
  { value: '3', label: 'Mais de 3 dias' },
  { value: '7', label: 'Mais de 7 dias' },
  { value: '15', label: 'Mais de 15 dias' },
  { value: '30', label: 'Mais de 30 dias' },
];

const failed = (e: unknown) => notify(e instanceof Error ? e.message : String(e), 'error');

/**
 * `/crm`: the funnel as a board (drag between stages) or a list, with the filters in the URL; `agenda` (today's
 * activities, another feature's) beside it when the app composes it.
 */
export default function FunnelPage({ route, agenda: Agenda }: PageProps & { agenda?: ComponentType }) {
  const mayWrite = usePermission('oportunidades_editar');
  const list = useListParams<(typeof FUNNEL_FILTERS)[number]>({ filters: FUNNEL_FILTERS, textFilters: ['q'] });
  const { filters } = list;
  // The list view is a feature in preview (`/crmDev`): off for whom it is turned off.
  const listView = usePreview('funil_lista');
  const asList = listView && filters.view === 'lista';
  const query = useMemo(() => boardQuery(filters), [filters]);
  const settings = useFunnelSettings();
  const board = useBoard(query);
  const mover = useMoveCard(query);
  const [opened, setOpened] = useState<Opportunity | null>(null);
  // `?oportunidade=<id>` (the client's *Oportunidades* tab links here) opens that card's panel.
  const [params, setParams] = useSearchParams();
  const linkedId = params.get('oportunidade');
  const linked = useGetOpportunity(linkedId ?? '', { query: { enabled: !!linkedId } });
  const shown = opened ?? (linkedId ? (linked.data ?? null) : null);
  const closePanel = () => {
    setOpened(null);
    if (linkedId)
      setParams(
        (p) => {
          p.delete('oportunidade');
          return p;
        },
        { replace: true },
      );
  };
  const [creating, setCreating] = useState(false);
  const [losing, setLosing] = useState<Opportunity | null>(null);

  const move = (card: Opportunity, stage: Pick<FunnelStage, 'id' | 'name'>) => {
    mover.moveTo(card, stage.id).then(
      (saved) => {
        notify(`${saved.title} movida para ${stage.name}.`, 'success');
        setOpened((o) => (o?.id === saved.id ? saved : o));
      },
      failed,
    );
  };
  const stageName = (id: string) => settings.data?.stages.find((s) => s.id === id)?.name ?? id;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{route.title}</Title>
        <Group gap="sm">
          {listView && (
            <SegmentedControl
            aria-label="Visualização"
            value={asList ? 'lista' : 'quadro'}
            onChange={(v) => list.setFilter('view', v === 'lista' ? 'lista' : '')}
            data={[
              { value: 'quadro', label: 'Quadro' },
              { value: 'lista', label: 'Lista' },
            ]}
          />
          )}
          {mayWrite && <Button onClick={() => setCreating(true)}>Novo lead</Button>}
        </Group>
      </Group>
      <Filters list={list} />
      {linkedId && linked.isError && (
        <Alert color="red" role="alert" title="Oportunidade não encontrada">
          {linked.error.message}
        </Alert>
      )}
      {board.data && (
        <Text size="sm" c="dimmed" data-testid="funnel-totals">
          {formatInteger(board.data.open_count)} oportunidades abertas · {formatCentavos(board.data.open_value_cents)}
        </Text>
      )}
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Box style={{ flex: 1, minWidth: 0 }}>
          {asList ? (
            <OpportunityList list={list} stageName={stageName} onOpen={setOpened} />
          ) : board.isPending ? (
            <Spinner />
          ) : board.isError ? (
            <Alert color="red" role="alert" title="Não foi possível carregar o funil">
              {board.error.message}
            </Alert>
          ) : (
            <FunnelBoard board={board.data} query={query} mayWrite={mayWrite} onOpen={setOpened} onMove={move} />
          )}
        </Box>
        {Agenda && (
          <Box w={260} miw={260} visibleFrom="md">
            <Agenda />
          </Box>
        )}
      </Group>
      <OpportunityDrawer
        opportunity={shown}
        settings={settings.data}
        mayWrite={mayWrite}
        onClose={closePanel}
        onMove={(card, stageId) => move(card, { id: stageId, name: stageName(stageId) })}
        onLose={setLosing}
      />
      <Modal opened={creating} onClose={() => setCreating(false)} title="Novo lead" size="lg" centered>
        <Suspense fallback={<Spinner />}>
          {creating && (
            <LeadForm
              settings={settings.data}
              onDone={(saved) => {
                setCreating(false);
                notify(`Lead ${saved.title} criado em ${stageName(saved.stage_id)}.`, 'success');
              }}
            />
          )}
        </Suspense>
      </Modal>
      <Modal opened={losing !== null} onClose={() => setLosing(null)} title={`Marcar ${losing?.title ?? ''} como perdida`} centered>
        <Suspense fallback={<Spinner />}>
          {losing && (
            <LoseForm
              opportunity={losing}
              settings={settings.data}
              onDone={(saved) => {
                setLosing(null);
                setOpened((o) => (o?.id === saved.id ? saved : o));
                notify(`${saved.title} marcada como perdida.`, 'success');
              }}
            />
          )}
        </Suspense>
      </Modal>
    </Stack>
  );
}

type FunnelListParams = ReturnType<typeof useListParams<(typeof FUNNEL_FILTERS)[number]>>;

function Filters({ list }: { list: FunnelListParams }) {
  const { filters } = list;
  const settings = useFunnelSettings();
  const teams = useListTeams({ month: todayInSaoPaulo().slice(0, 7) });
  const { users } = usePickers();
  const links = useListLinks({ page_size: 200 });
  const all = (label: string, items: Array<{ value: string; label: string }> | undefined) => [{ value: '', label }, ...(items ?? [])];
  return (
    <Paper component="form" role="search" withBorder p="md" radius="md" onSubmit={(e: FormEvent) => e.preventDefault()}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4, xl: 8 }} spacing="sm">
        <TextInput label="Buscar" placeholder="Título, nome, telefone" value={list.inputs.q} onChange={(e) => list.setFilter('q', e.currentTarget.value)} />
        <NativeSelect label="Time" value={filters.team_id} data={all('Todos', teams.data?.map((t) => ({ value: t.id, label: t.name })))} onChange={(e) => list.setFilter('team_id', e.currentTarget.value)} />
        <NativeSelect label="Responsável" value={filters.owner_id} data={all('Todos', users.data?.map((u) => ({ value: u.uid, label: u.name })))} onChange={(e) => list.setFilter('owner_id', e.currentTarget.value)} />
        <NativeSelect label="Origem" value={filters.source} data={all('Todas', settings.data?.sources)} onChange={(e) => list.setFilter('source', e.currentTarget.value)} />
        <NativeSelect label="Link" value={filters.link_id} data={all('Todos', links.data?.items.map((l) => ({ value: l.id, label: `${l.code} — ${l.label}` })))} onChange={(e) => list.setFilter('link_id', e.currentTarget.value)} />
        <DateFilterInput label="Criadas de" value={filters.from} onChange={(v) => list.setFilter('from', v)} />
        <DateFilterInput label="até" value={filters.to} onChange={(v) => list.setFilter('to', v)} />
        <NativeSelect label="Parado há" value={filters.idle_days} data={IDLE_OPTIONS} onChange={(e) => list.setFilter('idle_days', e.currentTarget.value)} />
      </SimpleGrid>
    </Paper>
  );
}

function OpportunityList({ list, stageName, onOpen }: { list: FunnelListParams; stageName: (id: string) => string; onOpen: (o: Opportunity) => void }) {
  const params = useMemo(() => ({ ...boardQuery(list.filters), page: list.page, page_size: list.pageSize }), [list.filters, list.page, list.pageSize]);
  const page = useOpportunityList(params);
  const columns: DataTableColumn<Opportunity>[] = [
    {
      id: 'title',
      header: 'Título',
      hideable: false,
      cell: (o) => (
        <Anchor component="button" type="button" size="sm" onClick={() => onOpen(o)}>
          {o.title}
        </Anchor>
      ),
    },
    { id: 'person', header: 'Cliente ou contato', cell: personOf },
    { id: 'stage', header: 'Etapa', cell: (o) => stageName(o.stage_id) },
    { id: 'status', header: 'Situação', cell: (o) => <Badge color={o.status === 'aberta' ? 'blue' : o.status === 'ganha' ? 'green' : 'red'}>{o.status === 'aberta' ? 'Aberta' : o.status === 'ganha' ? 'Ganha' : 'Perdida'}</Badge> },
    { id: 'value', header: 'Valor esperado', align: 'right', cell: (o) => formatCentavos(o.expected_value_cents) },
    { id: 'owner', header: 'Responsável', cell: (o) => o.owner_name },
    { id: 'close', header: 'Previsão', cell: (o) => (o.expected_close_on ? formatDate(o.expected_close_on) : '—') },
    { id: 'idle', header: 'Parado há', align: 'right', cell: (o) => `${o.idle_days} d` },
  ];
  return (
    <DataTable
      id="crm.opportunities"
      label="Oportunidades"
      columns={columns}
      rows={page.data?.items}
      getRowId={(o) => o.id}
      getRowLabel={(o) => o.title}
      pageInfo={page.data}
      loading={page.isFetching}
      error={page.isError ? page.error : null}
      onRetry={() => void page.refetch()}
      {...listTableProps(list)}
      emptyMessage="Nenhuma oportunidade encontrada."
    />
  );
}
