import type { Opportunity } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import { Alert, Anchor, Badge, Button, formatCentavos, formatDate, Group, Link, Modal, notify, Spinner, Stack, Table, Text } from '@backoffice/ui';
import { lazy, Suspense, useState } from 'react';
import { useFunnelSettings, useOpportunityList } from '../api/funnelQueries';

const LeadForm = lazy(() => import('./LeadForm').then((m) => ({ default: m.LeadForm })));

const STATUS: Record<string, { label: string; color: string }> = {
  aberta: { label: 'Aberta', color: 'blue' },
  ganha: { label: 'Ganha', color: 'green' },
  perdida: { label: 'Perdida', color: 'red' },
};

/** A client's opportunities on one page (the tab lists at most this many, newest first). */
const TAB_PAGE_SIZE = 100;

/** The funnel's card of `id`: `/crm` opens its panel from the URL. */
export const funnelCardHref = (id: string) => `/crm?oportunidade=${encodeURIComponent(id)}`;

/**
 * The client's *Oportunidades* tab: open and closed ones within the caller's scope (the server filters by
 * `client_id` and scope; a salesperson sees their own), each linked to its funnel card, and a new lead for this
 * client through the funnel's own form.
 */
export function ClientOpportunities({ clientId, clientName }: { clientId: string; clientName: string }) {
  const mayWrite = usePermission('oportunidades_editar');
  const settings = useFunnelSettings();
  const page = useOpportunityList({ client_id: clientId, page_size: TAB_PAGE_SIZE });
  const [creating, setCreating] = useState(false);
  const stageName = (id: string) => settings.data?.stages.find((s) => s.id === id)?.name ?? id;
  const sourceName = (value: string) => settings.data?.sources.find((s) => s.value === value)?.label ?? value;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {page.data ? `${page.data.total} oportunidade(s)` : ' '}
        </Text>
        {mayWrite && <Button onClick={() => setCreating(true)}>Nova oportunidade</Button>}
      </Group>
      {page.isPending ? (
        <Spinner />
      ) : page.isError ? (
        <Alert color="red" role="alert" title="Não foi possível carregar as oportunidades">
          {page.error.message}
        </Alert>
      ) : page.data.items.length === 0 ? (
        <Text c="dimmed">Nenhuma oportunidade deste cliente.</Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table aria-label="Oportunidades do cliente" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Título</Table.Th>
                <Table.Th scope="col">Etapa</Table.Th>
                <Table.Th scope="col">Situação</Table.Th>
                <Table.Th scope="col">Responsável</Table.Th>
                <Table.Th scope="col" ta="right">
                  Valor esperado
                </Table.Th>
                <Table.Th scope="col">Origem</Table.Th>
                <Table.Th scope="col">Criada em</Table.Th>
                <Table.Th scope="col">Previsão</Table.Th>
                <Table.Th scope="col">Fechada em</Table.Th>
                <Table.Th scope="col">Motivo da perda</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page.data.items.map((o) => (
                <Row key={o.id} o={o} stage={stageName(o.stage_id)} source={sourceName(o.source)} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={creating} onClose={() => setCreating(false)} title="Nova oportunidade" size="lg" centered>
        <Suspense fallback={<Spinner />}>
          {creating && (
            <LeadForm
              settings={settings.data}
              client={{ id: clientId, name: clientName }}
              onDone={(saved) => {
                setCreating(false);
                notify(`Oportunidade ${saved.title} criada em ${stageName(saved.stage_id)}.`, 'success');
              }}
            />
          )}
        </Suspense>
      </Modal>
    </Stack>
  );
}

function Row({ o, stage, source }: { o: Opportunity; stage: string; source: string }) {
  const status = STATUS[o.status] ?? { label: o.status, color: 'gray' };
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={funnelCardHref(o.id)} size="sm">
          {o.title}
        </Anchor>
      </Table.Td>
      <Table.Td>{stage}</Table.Td>
      <Table.Td>
        <Badge color={status.color}>{status.label}</Badge>
      </Table.Td>
      <Table.Td>{o.owner_name}</Table.Td>
      <Table.Td ta="right">{formatCentavos(o.expected_value_cents)}</Table.Td>
      <Table.Td>{source}</Table.Td>
      <Table.Td>{formatDate(o.created_at)}</Table.Td>
      <Table.Td>{o.expected_close_on ? formatDate(o.expected_close_on) : '—'}</Table.Td>
      <Table.Td>{o.closed_at ? formatDate(o.closed_at) : '—'}</Table.Td>
      <Table.Td>{[o.lost_reason_label, o.lost_note].filter(Boolean).join(' — ') || '—'}</Table.Td>
    </Table.Tr>
  );
}
