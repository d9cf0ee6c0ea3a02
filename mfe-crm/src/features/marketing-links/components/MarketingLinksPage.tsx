import type { LinkState, MarketingLink } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import type { PageProps } from '@backoffice/routes';
import { Badge, Button, CopyButton, DataTable, formatCentavos, formatDateTime, formatInteger, Group, HistoryPanel, LabeledValue, listTableProps, Menu, modals, NativeSelect, notify, Paper, SimpleGrid, Stack, Tabs, Text, TextInput, Title, useListParams, type DataTableColumn } from '@backoffice/ui';
import { useMemo, useState, type FormEvent } from 'react';
import { LINK_FIELD_LABELS, linkPatchFromForm, newLinkFromForm, shortUrl, type LinkFormValues } from '../api/linkModel';
import { downloadQr, useCampaignsQuery, useLinkFiguresQuery, useLinkHistoryQuery, useLinksQuery, useLinkVocabulary } from '../api/linksQueries';
import { useLinkMutations } from '../hooks/useLinkMutations';
import { CampaignsTab } from './CampaignsTab';
import { LinkFormDrawer } from './LinkFormDrawer';

const FILTERS = ['q', 'state', 'utm_source', 'utm_medium', 'campaign_id'] as const;
const STATES = [
  { value: '', label: 'Ativos' },
  { value: 'archived', label: 'Arquivados' },
  { value: 'all', label: 'Todos' },
];

/** A link's sales figure: while the sales report loads (or if it fails), a dash, never an estimate. */
function Figure({ value, format }: { value: number | undefined; format: (n: number) => string }) {
  return <>{value === undefined ? '—' : format(value)}</>;
}

function status(link: MarketingLink) {
  if (link.archived) return <Badge color="gray">Arquivado</Badge>;
  if (link.expired) return <Badge color="orange">Expirado</Badge>;
  return <Badge color="green">Ativo</Badge>;
}

/** `/crm/marketing/links`: marketing links (short URL, UTMs, clicks) and, in a tab, the campaigns. */
export default function MarketingLinksPage({ route }: PageProps) {
  const mayWrite = usePermission('links_editar');
  const mayManage = usePermission('links_gerenciar');
  const list = useListParams<(typeof FILTERS)[number]>({ filters: FILTERS, textFilters: ['q'] });
  const { filters, page, pageSize } = list;
  const query = useMemo(
    () => ({
      q: filters.q || undefined,
      state: filters.state === 'archived' || filters.state === 'all' ? (filters.state as LinkState) : undefined,
      utm_source: filters.utm_source || undefined,
      utm_medium: filters.utm_medium || undefined,
      campaign_id: filters.campaign_id || undefined,
      page,
      page_size: pageSize,
    }),
    [filters, page, pageSize],
  );
  const links = useLinksQuery(query);
  const figures = useLinkFiguresQuery();
  const vocabulary = useLinkVocabulary();
  const campaigns = useCampaignsQuery();
  const { create, update, duplicate, archive } = useLinkMutations();
  const [editing, setEditing] = useState<MarketingLink | 'new' | null>(null);
  const [tab, setTab] = useState('links');

  const campaignName = useMemo(() => Object.fromEntries((campaigns.data ?? []).map((c) => [c.id, c.name])), [campaigns.data]);
  const failed = (e: unknown) => notify(e instanceof Error ? e.message : String(e), 'error');

  const save = async (values: LinkFormValues) => {
    if (editing && editing !== 'new') await update.mutateAsync({ id: editing.id, data: linkPatchFromForm(values) });
    else await create.mutateAsync({ data: newLinkFromForm(values) });
    notify('Link salvo.', 'success');
    setEditing(null);
  };

  const confirmArchive = (link: MarketingLink) =>
    modals.openConfirmModal({
      title: 'Arquivar link',
      children: <Text size="sm">Arquivar {link.label}? Quem abrir {link.short_path} verá que o link foi desativado (o código não é reutilizado).</Text>,
      labels: { confirm: 'Arquivar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => archive.mutate({ id: link.id }, { onSuccess: () => notify('Link arquivado.', 'success'), onError: failed }),
    });

  const actions = (link: MarketingLink) => (
    // The row opens the detail drawer; the buttons must not.
    <Group gap={4} wrap="nowrap" onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
      <CopyButton value={shortUrl(link)}>
        {({ copied, copy }) => (
          <Button size="compact-xs" variant="light" onClick={copy} aria-label={`Copiar link curto de ${link.label}`}>
            {copied ? 'Copiado' : 'Copiar'}
          </Button>
        )}
      </CopyButton>
      <Menu position="bottom-end">
        <Menu.Target>
          <Button size="compact-xs" variant="default" aria-label={`Mais ações de ${link.label}`}>
            Ações
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => void downloadQr(link, 'png').catch(failed)}>QR code (PNG)</Menu.Item>
          <Menu.Item onClick={() => void downloadQr(link, 'svg').catch(failed)}>QR code (SVG)</Menu.Item>
          {link.can_edit && !link.archived && <Menu.Item onClick={() => setEditing(link)}>Editar</Menu.Item>}
          {mayWrite && (
            <Menu.Item onClick={() => duplicate.mutate({ id: link.id }, { onSuccess: (copy) => notify(`Link duplicado: ${copy.code}.`, 'success'), onError: failed })}>Duplicar</Menu.Item>
          )}
          {link.can_edit && !link.archived && (
            <Menu.Item color="red" onClick={() => confirmArchive(link)}>
              Arquivar
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );

  // Sales and what they received come from the sales context, by link: absent = nothing sold; unknown while loading.
  const sold = (id: string, key: 'sales' | 'received') => (figures.data ? (figures.data.get(id)?.[key] ?? 0) : undefined);

  const columns: DataTableColumn<MarketingLink>[] = [
    { id: 'label', header: 'Nome', cell: (l) => l.label },
    { id: 'code', header: 'Código', cell: (l) => <Text span ff="monospace">{l.code}</Text> },
    { id: 'short_url', header: 'URL curta', cell: (l) => shortUrl(l) },
    { id: 'utms', header: 'UTMs', cell: (l) => [l.utm_source, l.utm_medium, l.utm_campaign].filter(Boolean).join(' / ') },
    { id: 'campaign', header: 'Campanha', defaultHidden: true, cell: (l) => (l.campaign_id ? (campaignName[l.campaign_id] ?? '—') : '—') },
    { id: 'clicks', header: 'Cliques', align: 'right', cell: (l) => formatInteger(l.clicks) },
    { id: 'previews', header: 'Pré-visualizações', align: 'right', cell: (l) => formatInteger(l.previews) },
    { id: 'unique_visitors', header: 'Visitantes únicos', align: 'right', cell: (l) => formatInteger(l.unique_visitors) },
    { id: 'leads', header: 'Leads', align: 'right', cell: (l) => formatInteger(l.leads) },
    { id: 'sales', header: 'Vendas', align: 'right', cell: (l) => <Figure value={sold(l.id, 'sales')} format={formatInteger} /> },
    { id: 'revenue', header: 'Receita recebida', align: 'right', cell: (l) => <Figure value={sold(l.id, 'received')} format={formatCentavos} /> },
    { id: 'status', header: 'Situação', cell: status },
    { id: 'actions', header: 'Ações', hideable: false, cell: actions },
  ];

  const options = (label: string, terms: Array<{ value: string; label: string }> | undefined) => [{ value: '', label }, ...(terms ?? [])];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{route.title}</Title>
        {mayWrite && tab === 'links' && <Button onClick={() => setEditing('new')}>Novo link</Button>}
      </Group>
      <Tabs value={tab} onChange={(value) => setTab(value ?? 'links')}>
        <Tabs.List mb="md">
          <Tabs.Tab value="links">Links</Tabs.Tab>
          <Tabs.Tab value="campaigns">Campanhas</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="links">
          <Stack gap="md">
            <Paper component="form" role="search" withBorder p="md" radius="md" onSubmit={(e: FormEvent) => e.preventDefault()}>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="md">
                <TextInput label="Buscar" placeholder="Nome, código ou campanha" value={list.inputs.q} onChange={(e) => list.setFilter('q', e.currentTarget.value)} />
                <NativeSelect label="Situação" value={filters.state} data={STATES} onChange={(e) => list.setFilter('state', e.currentTarget.value)} />
                <NativeSelect label="Origem" value={filters.utm_source} data={options('Todas', vocabulary.data?.utm_sources)} onChange={(e) => list.setFilter('utm_source', e.currentTarget.value)} />
                <NativeSelect label="Mídia" value={filters.utm_medium} data={options('Todas', vocabulary.data?.utm_mediums)} onChange={(e) => list.setFilter('utm_medium', e.currentTarget.value)} />
                <NativeSelect label="Campanha" value={filters.campaign_id} data={options('Todas', campaigns.data?.map((c) => ({ value: c.id, label: c.name })))} onChange={(e) => list.setFilter('campaign_id', e.currentTarget.value)} />
              </SimpleGrid>
            </Paper>
            <Text size="xs" c="dimmed">
              Cliques são contados no redirecionamento, sem cookies; pré-visualizações (WhatsApp, Instagram, Slack…) são contadas à parte. Vendas são as
              confirmadas (e não canceladas) de leads que vieram pelo link; receita recebida é o que seus títulos já receberam.
            </Text>
            <DataTable
              id="crm.marketing-links"
              label="Links de marketing"
              columns={columns}
              rows={links.data?.items}
              getRowId={(l) => l.id}
              getRowLabel={(l) => l.label}
              pageInfo={links.data}
              loading={links.isFetching}
              error={links.isError ? links.error : null}
              onRetry={() => void links.refetch()}
              {...listTableProps(list)}
              emptyMessage="Nenhum link encontrado."
              detail={{
                title: (l) => l.label,
                render: (l) => <LinkSummary link={l} campaign={l.campaign_id ? campaignName[l.campaign_id] : undefined} />,
                history: (l) => <LinkHistory id={l.id} />,
              }}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="campaigns">
          <CampaignsTab vocabulary={vocabulary.data} mayManage={mayManage} />
        </Tabs.Panel>
      </Tabs>
      <LinkFormDrawer
        opened={editing !== null}
        link={editing === 'new' ? null : editing}
        vocabulary={vocabulary.data}
        campaigns={campaigns.data ?? []}
        personal={!mayManage}
        onClose={() => setEditing(null)}
        onSubmit={save}
      />
    </Stack>
  );
}

function LinkSummary({ link, campaign }: { link: MarketingLink; campaign: string | undefined }) {
  return (
    <Stack gap="md">
      <Group gap="sm">{status(link)}</Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <LabeledValue label="URL curta">{shortUrl(link)}</LabeledValue>
        <LabeledValue label="Campanha">{campaign ?? '—'}</LabeledValue>
        <LabeledValue label="Cliques">{formatInteger(link.clicks)}</LabeledValue>
        <LabeledValue label="Pré-visualizações">{formatInteger(link.previews)}</LabeledValue>
        <LabeledValue label="Visitantes únicos">{formatInteger(link.unique_visitors)}</LabeledValue>
        <LabeledValue label="Leads">{formatInteger(link.leads)}</LabeledValue>
        <LabeledValue label="Válido até">{link.expires_on ?? 'Sem prazo'}</LabeledValue>
        <LabeledValue label="Link pessoal">{link.owner_id ? 'Sim' : 'Não'}</LabeledValue>
        <LabeledValue label="Criado em">{formatDateTime(link.created_at)}</LabeledValue>
      </SimpleGrid>
      <LabeledValue label="URL final">
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {link.final_url}
        </Text>
      </LabeledValue>
    </Stack>
  );
}

function LinkHistory({ id }: { id: string }) {
  const history = useLinkHistoryQuery(id);
  return <HistoryPanel entries={history.data} loading={history.isPending} error={history.error} onRetry={() => void history.refetch()} fieldLabels={LINK_FIELD_LABELS} stateLabels={{ ativo: 'Ativo', arquivado: 'Arquivado' }} />;
}
