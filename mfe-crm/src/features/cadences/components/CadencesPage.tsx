import type { Cadence } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import type { PageProps } from '@backoffice/routes';
import { Alert, Badge, Button, Group, Modal, Paper, Spinner, Stack, Table, Tabs, Text, Title } from '@backoffice/ui';
import { useState } from 'react';
import { CHANNEL_LABELS, dayLabel, formatRate } from '../api/cadenceModel';
import { useCadence, useCadences } from '../api/cadenceQueries';
import { CadenceBuilder } from './CadenceBuilder';
import { EnrollmentsTable } from './EnrollmentsTable';
import { EnrollPanel } from './EnrollPanel';

type Dialog = { kind: 'new' } | { kind: 'edit'; cadence: Cadence } | null;

/**
 * `/crm/atividades/cadencias`: the cadences with their metrics; a manager or administrator builds them (steps on
 * business days with a preview calendar); everyone with access sees a cadence's steps and per-step metrics, its
 * enrollments (pause, resume, end) and enrolls clients from a filtered list (up to 200 at once).
 */
export default function CadencesPage(_props: PageProps) {
  const mayBuild = usePermission('cadencias_editar');
  const mayEnroll = usePermission('cadencias_inscrever');
  const mayGlobal = usePermission('times_gerenciar');
  const list = useCadences();
  const [openId, setOpenId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Cadências</Title>
        {mayBuild && <Button onClick={() => setDialog({ kind: 'new' })}>Nova cadência</Button>}
      </Group>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <Alert color="red" role="alert" title="Não foi possível carregar as cadências">
          {list.error.message}
        </Alert>
      ) : list.data.length === 0 ? (
        <Text c="dimmed">Nenhuma cadência ainda.</Text>
      ) : (
        <Table striped highlightOnHover aria-label="Cadências">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Cadência</Table.Th>
              <Table.Th>Time</Table.Th>
              <Table.Th>Etapas</Table.Th>
              <Table.Th>Inscritos</Table.Th>
              <Table.Th>Em andamento</Table.Th>
              <Table.Th>Concluídos</Table.Th>
              <Table.Th>Taxa de resposta</Table.Th>
              <Table.Th>Avaliações agendadas</Table.Th>
              <Table.Th>Descadastros</Table.Th>
              <Table.Th aria-label="Ações" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((c) => (
              <Table.Tr key={c.id} aria-label={c.name}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {c.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    versão {c.current_version} {!c.active && <Badge color="gray" size="xs">Inativa</Badge>}
                  </Text>
                </Table.Td>
                <Table.Td>{c.team_name ?? 'Global'}</Table.Td>
                <Table.Td>{c.steps.map((s) => CHANNEL_LABELS[s.channel] ?? s.channel).join(' → ')}</Table.Td>
                <Table.Td>{c.metrics.enrolled}</Table.Td>
                <Table.Td>{c.metrics.in_progress}</Table.Td>
                <Table.Td>{c.metrics.completed}</Table.Td>
                <Table.Td>{formatRate(c.metrics.reply_rate_bp)}</Table.Td>
                <Table.Td>{c.metrics.evaluations_booked}</Table.Td>
                <Table.Td>{c.metrics.opt_outs}</Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button size="xs" variant={openId === c.id ? 'filled' : 'default'} aria-label={`Abrir ${c.name}`} onClick={() => setOpenId(openId === c.id ? null : c.id)}>
                      {openId === c.id ? 'Fechar' : 'Abrir'}
                    </Button>
                    {mayBuild && (
                      <Button size="xs" variant="default" aria-label={`Editar ${c.name}`} onClick={() => setDialog({ kind: 'edit', cadence: c })}>
                        Editar
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Text size="xs" c="dimmed">
        Vendas em 30 dias aparecerão aqui quando o módulo de vendas existir.
      </Text>
      {openId && <CadenceDetail id={openId} mayEnroll={mayEnroll} />}
      <Modal opened={dialog !== null} onClose={close} size="xl" centered title={dialog?.kind === 'edit' ? `Editar: ${dialog.cadence.name}` : 'Nova cadência'}>
        {dialog && (
          <CadenceBuilder
            cadence={dialog.kind === 'edit' ? dialog.cadence : null}
            mayGlobal={mayGlobal}
            onDone={(c) => {
              close();
              setOpenId(c.id);
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}

/** One cadence: its steps with their metrics, its enrollments, and bulk enrollment. */
function CadenceDetail({ id, mayEnroll }: { id: string; mayEnroll: boolean }) {
  const cadence = useCadence(id);
  const [tab, setTab] = useState<string | null>('etapas');
  if (cadence.isPending) return <Spinner />;
  if (cadence.isError) return <Text c="red">{cadence.error.message}</Text>;
  const c = cadence.data;
  const metricsOf = (order: number) => c.step_metrics?.find((m) => m.order === order);
  return (
    <Paper withBorder p="md" radius="md" aria-label={`Cadência ${c.name}`}>
      <Title order={3} mb="sm">
        {c.name}
      </Title>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="etapas">Etapas</Tabs.Tab>
          <Tabs.Tab value="inscricoes">Inscrições</Tabs.Tab>
          {mayEnroll && c.active && <Tabs.Tab value="inscrever">Inscrever clientes</Tabs.Tab>}
        </Tabs.List>
        <Stack pt="md">
          {tab === 'etapas' && (
            <Table aria-label="Etapas da cadência">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Etapa</Table.Th>
                  <Table.Th>Dia</Table.Th>
                  <Table.Th>Janela</Table.Th>
                  <Table.Th>Canal</Table.Th>
                  <Table.Th>Mensagem</Table.Th>
                  <Table.Th>Disparos</Table.Th>
                  <Table.Th>Respostas</Table.Th>
                  <Table.Th>Avaliações</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {c.steps.map((s) => {
                  const m = metricsOf(s.order);
                  return (
                    <Table.Tr key={s.order}>
                      <Table.Td>{s.order}</Table.Td>
                      <Table.Td>{dayLabel(s.day_offset)}</Table.Td>
                      <Table.Td>
                        {s.window_start}–{s.window_end}
                      </Table.Td>
                      <Table.Td>{CHANNEL_LABELS[s.channel] ?? s.channel}</Table.Td>
                      <Table.Td>
                        <Text size="xs" lineClamp={2}>
                          {s.template}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {m?.fired ?? 0}
                        {m && m.emailed > 0 ? ` (${m.emailed} por e-mail)` : ''}
                      </Table.Td>
                      <Table.Td>
                        {m?.replied ?? 0} ({formatRate(m?.reply_rate_bp ?? 0)})
                      </Table.Td>
                      <Table.Td>{m?.evaluations_booked ?? 0}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          )}
          {tab === 'inscricoes' && <EnrollmentsTable cadenceId={c.id} mayEnroll={mayEnroll} />}
          {tab === 'inscrever' && <EnrollPanel cadenceId={c.id} onEnrolled={() => setTab('inscricoes')} />}
        </Stack>
      </Tabs>
    </Paper>
  );
}
