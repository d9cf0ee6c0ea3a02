import type { FunnelSettings, Opportunity } from '@backoffice/api-client/endpoints';
import { Anchor, Badge, Button, Drawer, formatCentavos, formatDate, formatDateTime, Group, HistoryPanel, LabeledValue, Link, Menu, SimpleGrid, Stack, Tabs, Text } from '@backoffice/ui';
import { OPPORTUNITY_FIELD_LABELS, personOf } from '../api/funnelModel';
import { useOpportunityHistory } from '../api/funnelQueries';

interface OpportunityDrawerProps {
  opportunity: Opportunity | null;
  settings: FunnelSettings | undefined;
  mayWrite: boolean;
  onClose: () => void;
  onMove: (card: Opportunity, stageId: string) => void;
  onLose: (card: Opportunity) => void;
}

const STATUS: Record<string, { label: string; color: string }> = {
  aberta: { label: 'Aberta', color: 'blue' },
  ganha: { label: 'Ganha', color: 'green' },
  perdida: { label: 'Perdida', color: 'red' },
};

/** An opportunity's panel: what it is, its stage and actions, and its history. */
export function OpportunityDrawer({ opportunity, settings, mayWrite, onClose, onMove, onLose }: OpportunityDrawerProps) {
  return (
    <Drawer opened={opportunity !== null} onClose={onClose} position="right" size="lg" title={opportunity?.title ?? ''}>
      {opportunity && <Detail key={opportunity.id} o={opportunity} settings={settings} mayWrite={mayWrite} onMove={onMove} onLose={onLose} />}
    </Drawer>
  );
}

function Detail({ o, settings, mayWrite, onMove, onLose }: { o: Opportunity; settings: FunnelSettings | undefined; mayWrite: boolean } & Pick<OpportunityDrawerProps, 'onMove' | 'onLose'>) {
  const stages = settings?.stages ?? [];
  const stage = stages.find((s) => s.id === o.stage_id);
  const source = settings?.sources.find((s) => s.value === o.source)?.label ?? o.source;
  const status = STATUS[o.status] ?? { label: o.status, color: 'gray' };
  const working = stages.filter((s) => s.kind === 'aberta' && !s.archived && s.id !== o.stage_id);
  return (
    <Tabs defaultValue="dados">
      <Tabs.List mb="md">
        <Tabs.Tab value="dados">Dados</Tabs.Tab>
        <Tabs.Tab value="historico">Histórico</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="dados">
        <Stack gap="md">
          <Group gap="xs">
            <Badge color={status.color}>{status.label}</Badge>
            <Badge variant="light">{stage?.name ?? o.stage_id}</Badge>
          </Group>
          {mayWrite && o.status !== 'ganha' && (
            <Group gap="xs">
              <Menu position="bottom-start">
                <Menu.Target>
                  <Button size="xs" variant="default">
                    {o.status === 'perdida' ? 'Reabrir em…' : 'Mover para…'}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {working.map((s) => (
                    <Menu.Item key={s.id} onClick={() => onMove(o, s.id)}>
                      {s.name}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
              {o.status === 'aberta' && (
                <Button size="xs" color="red" variant="light" onClick={() => onLose(o)}>
                  Marcar como perdida
                </Button>
              )}
            </Group>
          )}
          {o.status === 'ganha' && (
            <Text size="sm" c="dimmed">
              Ganha pela venda {o.won_sale_id}.
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <LabeledValue label={o.client_id ? 'Cliente' : 'Contato'}>
              {o.client_id ? (
                <Anchor component={Link} to={`/cliente?id=${encodeURIComponent(o.client_id)}`}>
                  {personOf(o)}
                </Anchor>
              ) : (
                personOf(o)
              )}
            </LabeledValue>
            {!o.client_id && <LabeledValue label="Telefone / e-mail">{[o.contact_phone, o.contact_email].filter(Boolean).join(' · ') || '—'}</LabeledValue>}
            <LabeledValue label="Valor esperado">{formatCentavos(o.expected_value_cents)}</LabeledValue>
            <LabeledValue label="Previsão de fechamento">{o.expected_close_on ? formatDate(o.expected_close_on) : '—'}</LabeledValue>
            <LabeledValue label="Responsável">{o.owner_name}</LabeledValue>
            <LabeledValue label="Time">{o.team_name ?? '—'}</LabeledValue>
            <LabeledValue label="Origem">{source}</LabeledValue>
            <LabeledValue label="Link de marketing">{o.marketing_link_code ?? '—'}</LabeledValue>
            <LabeledValue label="Na etapa desde">{formatDateTime(o.stage_entered_at)}</LabeledValue>
            <LabeledValue label="Último movimento">{o.idle_days === 0 ? 'hoje' : `há ${o.idle_days} dias`}</LabeledValue>
            {o.status === 'perdida' && <LabeledValue label="Motivo da perda">{[o.lost_reason_label, o.lost_note].filter(Boolean).join(' — ')}</LabeledValue>}
            <LabeledValue label="Criada em">{formatDateTime(o.created_at)}</LabeledValue>
          </SimpleGrid>
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="historico">
        <History id={o.id} />
      </Tabs.Panel>
    </Tabs>
  );
}

function History({ id }: { id: string }) {
  const history = useOpportunityHistory(id);
  return <HistoryPanel entries={history.data} loading={history.isPending} error={history.error} onRetry={() => void history.refetch()} fieldLabels={OPPORTUNITY_FIELD_LABELS} />;
}
