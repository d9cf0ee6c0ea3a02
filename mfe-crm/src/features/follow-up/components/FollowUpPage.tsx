import {
  getListFollowUpTracksQueryKey,
  useDeliverFollowUpTrack,
  useListFollowUpTracks,
  useListTeams,
  useListUnits,
  usePerformFollowUpTrack,
  useReturnFollowUpTrack,
  useScheduleFollowUpTrack,
  useShipFollowUpTrack,
  type FollowUpKind,
  type FollowUpTrack,
  type ListFollowUpTracksParams,
} from '@backoffice/api-client/endpoints';
import { ApiError } from '@backoffice/api-client';
import { usePermission } from '@backoffice/auth';
import type { PageProps } from '@backoffice/routes';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Link,
  NativeSelect,
  Paper,
  ScrollArea,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
  TextInput,
  Title,
  formatDate,
  notify,
  todayInSaoPaulo,
} from '@backoffice/ui';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { KIND_LABELS, SLA_COLORS, SLA_LABELS, cardTitle, columnsOf, itemLine, nextStep, type Column, type StepAction } from '../api/followUpModel';

const WRITE = 'vendas_followup_editar';
const KIND_FILTER = [{ value: '', label: 'Todos os tipos' }, ...Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))];

/**
 * `/follow-up-pedidos`: one column per track status with its count; each card shows the sale, the client, the item,
 * the SLA badge and the next step (shipping asks the tracking code, scheduling the date, unit and professional).
 * The payment releases a track by itself (finance's settlement); salespeople see their own sales, managers their
 * teams', finance reads everything.
 */
export default function FollowUpPage({ route }: PageProps) {
  const [kind, setKind] = useState<FollowUpKind | ''>('');
  const [unit, setUnit] = useState('');
  const [team, setTeam] = useState('');
  const teams = useListTeams({ month: todayInSaoPaulo().slice(0, 7) });
  const units = useListUnits();
  const params: ListFollowUpTracksParams = {
    ...(kind ? { kind } : {}),
    ...(unit ? { unit_id: unit } : {}),
    ...(team ? { team_id: team } : {}),
  };
  const board = useListFollowUpTracks(params, { query: { placeholderData: keepPreviousData } });
  const teamOptions = [{ value: '', label: 'Todos os times' }, ...(teams.data ?? []).map((t) => ({ value: t.id, label: t.name }))];
  const unitOptions = [{ value: '', label: 'Todas as unidades' }, ...(units.data ?? []).map((u) => ({ value: u.id, label: u.name }))];
  const unitNames = new Map((units.data ?? []).map((u) => [u.id, u.name]));
  return (
    <Stack gap="md">
      <Title order={1}>{route.title}</Title>
      <Paper component="form" role="search" withBorder p="md" radius="md" onSubmit={(e: FormEvent) => e.preventDefault()}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <NativeSelect label="Tipo" data={KIND_FILTER} value={kind} onChange={(e) => setKind(e.currentTarget.value as FollowUpKind | '')} />
          <NativeSelect label="Unidade" data={unitOptions} value={unit} onChange={(e) => setUnit(e.currentTarget.value)} />
          <NativeSelect label="Time" data={teamOptions} value={team} onChange={(e) => setTeam(e.currentTarget.value)} />
        </SimpleGrid>
      </Paper>
      {board.isError ? (
        <Alert color="red" role="alert" title="Não foi possível carregar o follow-up">
          {board.error.message}
        </Alert>
      ) : !board.data ? (
        <Spinner />
      ) : (
        <>
          {board.data.truncated && (
            <Alert color="yellow">Mostrando os primeiros acompanhamentos: use os filtros para ver os demais.</Alert>
          )}
          <ScrollArea type="auto">
            <Group align="start" wrap="nowrap" gap="md" pb="md">
              {columnsOf(board.data.items, kind).map((column) => (
                <BoardColumn key={column.status} column={column} params={params} unitNames={unitNames} />
              ))}
            </Group>
          </ScrollArea>
        </>
      )}
    </Stack>
  );
}

function BoardColumn({ column, params, unitNames }: { column: Column; params: ListFollowUpTracksParams; unitNames: Map<string, string> }) {
  return (
    <Paper component="section" aria-label={column.label} withBorder radius="md" p="sm" miw={260} w={260} bg="gray.0">
      <Group justify="space-between" mb="sm">
        <Text fw={700}>{column.label}</Text>
        <Badge variant="light" color="gray" aria-label={`${column.tracks.length} itens`}>
          {column.tracks.length}
        </Badge>
      </Group>
      <Stack gap="sm">
        {column.tracks.map((t) => (
          <TrackCard key={t.id} track={t} params={params} unitNames={unitNames} />
        ))}
      </Stack>
    </Paper>
  );
}

function TrackCard({ track, params, unitNames }: { track: FollowUpTrack; params: ListFollowUpTracksParams; unitNames: Map<string, string> }) {
  const mayWrite = usePermission(WRITE);
  const next = nextStep(track);
  return (
    <Paper component="article" aria-label={`${track.sale_number} ${track.description}`} withBorder radius="sm" p="sm" bg="white">
      <Stack gap={4}>
        <Anchor component={Link} to={`/venda?id=${track.sale_id}`} size="sm" fw={600}>
          {cardTitle(track)}
        </Anchor>
        <Text size="sm">{itemLine(track)}</Text>
        <Group gap={6}>
          <Badge variant="outline" color="gray" tt="none">
            {KIND_LABELS[track.kind]}
          </Badge>
          {track.sla && (
            <Badge color={SLA_COLORS[track.sla]} tt="none">
              {SLA_LABELS[track.sla]}
            </Badge>
          )}
        </Group>
        {track.sla_due_on && track.sla && (
          <Text size="xs" c="dimmed">
            Prazo: {formatDate(track.sla_due_on)}
          </Text>
        )}
        {track.tracking_code && <Text size="xs">Rastreio: {track.tracking_code}</Text>}
        {track.scheduled_on && (
          <Text size="xs">
            Agendado para {formatDate(track.scheduled_on)}
            {track.unit_id ? ` · ${unitNames.get(track.unit_id) ?? 'unidade'}` : ''}
            {track.professional ? ` · ${track.professional}` : ''}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {track.owner_name}
        </Text>
        {mayWrite && next && <StepForm track={track} action={next.action} label={next.label} form={next.form} params={params} />}
      </Stack>
    </Paper>
  );
}

/** The card's next step: at once, or through its small form (tracking code; date, unit and professional). */
function StepForm({ track, action, label, form, params }: { track: FollowUpTrack; action: StepAction; label: string; form: 'schedule' | 'ship' | null; params: ListFollowUpTracksParams }) {
  const queryClient = useQueryClient();
  const units = useListUnits();
  const schedule = useScheduleFollowUpTrack();
  const ship = useShipFollowUpTrack();
  const deliver = useDeliverFollowUpTrack();
  const perform = usePerformFollowUpTrack();
  const giveBack = useReturnFollowUpTrack();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [date, setDate] = useState('');
  const [unit, setUnit] = useState('');
  const [professional, setProfessional] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const busy = [schedule, ship, deliver, perform, giveBack].some((m) => m.isPending);

  const run = async () => {
    const id = track.id;
    const version = track.version;
    if (action === 'ship') return ship.mutateAsync({ id, data: { version, tracking_code: code } });
    if (action === 'schedule') return schedule.mutateAsync({ id, data: { version, scheduled_on: date, unit_id: unit, professional } });
    if (action === 'deliver') return deliver.mutateAsync({ id, data: { version } });
    if (action === 'perform') return perform.mutateAsync({ id, data: { version } });
    return giveBack.mutateAsync({ id, data: { version } });
  };
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    setErrors({});
    try {
      await run();
      notify(`${label}: ${track.sale_number}.`, 'success');
      setOpen(false);
    } catch (err) {
      if (err instanceof ApiError && err.fields.length) setErrors(Object.fromEntries(err.fields.map((f) => [f.field, f.message])));
      else notify(err instanceof Error ? err.message : String(err), 'error');
    }
    void queryClient.invalidateQueries({ queryKey: getListFollowUpTracksQueryKey(params) });
  };

  if (!form)
    return (
      <Button size="xs" variant="light" loading={busy} onClick={() => void submit()}>
        {label}
      </Button>
    );
  if (!open)
    return (
      <Button size="xs" variant="light" onClick={() => setOpen(true)}>
        {label}
      </Button>
    );
  const unitOptions = [{ value: '', label: 'Escolha a unidade' }, ...(units.data ?? []).filter((u) => u.active).map((u) => ({ value: u.id, label: u.name }))];
  return (
    <Stack component="form" gap={6} onSubmit={(e: FormEvent) => void submit(e)} aria-label={label}>
      {form === 'ship' ? (
        <TextInput size="xs" label="Código de rastreio" value={code} error={errors.tracking_code} onChange={(e) => setCode(e.currentTarget.value)} data-autofocus />
      ) : (
        <>
          <TextInput size="xs" type="date" label="Data" value={date} error={errors.scheduled_on} onChange={(e) => setDate(e.currentTarget.value)} />
          <NativeSelect size="xs" label="Unidade" data={unitOptions} value={unit} error={errors.unit_id} onChange={(e) => setUnit(e.currentTarget.value)} />
          <TextInput size="xs" label="Profissional" value={professional} error={errors.professional} onChange={(e) => setProfessional(e.currentTarget.value)} />
        </>
      )}
      <Group gap={6}>
        <Button size="xs" type="submit" loading={busy}>
          Salvar
        </Button>
        <Button size="xs" variant="subtle" onClick={() => setOpen(false)}>
          Cancelar
        </Button>
      </Group>
    </Stack>
  );
}
