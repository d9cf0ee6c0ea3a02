import { ApiError } from '@backoffice/api-client';
import { useListTeams, type Cadence, type SimulatedStep } from '@backoffice/api-client/endpoints';
import { Alert, Button, Checkbox, Group, List, NativeSelect, Paper, Table, Text, Textarea, TextInput, Title, formatDate, formatDateTime, notify, todayInSaoPaulo, Stack } from '@backoffice/ui';
import { useState } from 'react';
import { CHANNEL_LABELS, dayLabel, emptyStep, fieldLabel, stepRequests, stepRow, type StepRow } from '../api/cadenceModel';
import { useCadenceMutations } from '../api/cadenceQueries';
import { usePreview } from '../../../lib/previews';

function errorsOf(error: unknown): { message: string; fields: { field: string; message: string }[] } | null {
  if (!error) return null;
  if (error instanceof ApiError) return { message: error.message, fields: error.fields };
  return { message: error instanceof Error ? error.message : String(error), fields: [] };
}

export function ErrorList({ error, title }: { error: unknown; title: string }) {
  const e = errorsOf(error);
  if (!e) return null;
  return (
    <Alert color="red" role="alert" title={title}>
      {e.fields.length === 0 ? (
        e.message
      ) : (
        <List size="sm">
          {e.fields.map((f) => (
            <List.Item key={`${f.field}:${f.message}`}>
              {fieldLabel(f.field)}: {f.message}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

/**
 * Creates or changes a cadence: name, team (a manager's teams; no team = global, administrators only), active, the
 * `{link}`, and the steps, with the preview calendar of when each would fall for an enrollment starting on a date.
 * Changing the steps of an active cadence makes a new version (the enrolled keep theirs).
 */
export function CadenceBuilder({ cadence, mayGlobal, onDone }: { cadence: Cadence | null; mayGlobal: boolean; onDone: (c: Cadence) => void }) {
  const { create, update, simulate } = useCadenceMutations();
  // The preview calendar is a feature in preview (`cadencias_calendario`, `/crmDev`).
  const calendar = usePreview('cadencias_calendario');
  const teams = useListTeams();
  const [name, setName] = useState(cadence?.name ?? '');
  const [team, setTeam] = useState(cadence?.team_id ?? '');
  const [active, setActive] = useState(cadence?.active ?? true);
  const [link, setLink] = useState(cadence?.link_url ?? '');
  const [steps, setSteps] = useState<StepRow[]>(cadence ? cadence.steps.map(stepRow) : [emptyStep()]);
  const [start, setStart] = useState(todayInSaoPaulo());
  const [preview, setPreview] = useState<SimulatedStep[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [previewError, setPreviewError] = useState<unknown>(null);
  const change = (i: number, patch: Partial<StepRow>) => {
    setSteps(steps.map((s, j) => (j === i ? { ...s, ...patch } : s)));
    setPreview(null);
  };
  const teamOptions = [
    ...(mayGlobal || !cadence?.team_id ? [{ value: '', label: mayGlobal ? 'Global (todos os times)' : 'Escolha um time' }] : []),
    ...(teams.data ?? []).map((t) => ({ value: t.id, label: t.name })),
  ];
  const runPreview = async () => {
    setPreviewError(null);
    try {
      setPreview(await simulate.mutateAsync({ data: { start, steps: stepRequests(steps) } }));
    } catch (e) {
      setPreview(null);
      setPreviewError(e);
    }
  };
  const save = async () => {
    setError(null);
    const data = { name, ...(team ? { team_id: team } : {}), active, ...(link.trim() ? { link_url: link.trim() } : {}), steps: stepRequests(steps) };
    try {
      const saved = cadence ? await update.mutateAsync({ id: cadence.id, data: { ...data, version: cadence.version } }) : await create.mutateAsync({ data });
      notify(cadence && saved.current_version !== cadence.current_version ? `Cadência salva: versão ${saved.current_version} (os inscritos seguem na anterior).` : 'Cadência salva.');
      onDone(saved);
    } catch (e) {
      setError(e);
    }
  };
  return (
    <Stack gap="sm">
      <ErrorList error={error} title="Não foi possível salvar a cadência" />
      <Group grow align="flex-end">
        <TextInput label="Nome" value={name} onChange={(e) => setName(e.currentTarget.value)} required />
        <NativeSelect label="Time" value={team} onChange={(e) => setTeam(e.currentTarget.value)} data={teamOptions} />
      </Group>
      <Group grow align="flex-end">
        <TextInput label="Link ({link})" placeholder="https://…" value={link} onChange={(e) => setLink(e.currentTarget.value)} />
        <Checkbox label="Ativa (aceita inscrições)" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
      </Group>
      <Title order={4}>Etapas</Title>
      <Text size="xs" c="dimmed">
        Dias úteis a partir do início (fins de semana e feriados não contam); janela dentro do horário comercial (08:00–20:00). A mensagem aceita {'{primeiro_nome}'}, {'{consultor}'} e {'{link}'}.
      </Text>
      {steps.map((s, i) => (
        <Paper key={i} withBorder p="xs" radius="md" aria-label={`Etapa ${i + 1}`}>
          <Group align="flex-end" gap="xs">
            <Text fw={600} w={60}>
              Etapa {i + 1}
            </Text>
            <TextInput label="Dia útil (D+)" w={100} value={s.day_offset} onChange={(e) => change(i, { day_offset: e.currentTarget.value })} />
            <TextInput label="Das" w={80} value={s.window_start} onChange={(e) => change(i, { window_start: e.currentTarget.value })} />
            <TextInput label="Até" w={80} value={s.window_end} onChange={(e) => change(i, { window_end: e.currentTarget.value })} />
            <NativeSelect label="Canal" value={s.channel} onChange={(e) => change(i, { channel: e.currentTarget.value })} data={Object.entries(CHANNEL_LABELS).map(([value, label]) => ({ value, label }))} />
            <Button variant="subtle" color="red" size="xs" disabled={steps.length <= 1} onClick={() => setSteps(steps.filter((_, j) => j !== i))}>
              Remover
            </Button>
          </Group>
          <Textarea label="Mensagem" autosize minRows={2} value={s.template} onChange={(e) => change(i, { template: e.currentTarget.value })} />
        </Paper>
      ))}
      <Group>
        <Button variant="default" size="xs" onClick={() => setSteps([...steps, emptyStep(steps[steps.length - 1])])}>
          Adicionar etapa
        </Button>
      </Group>
      {calendar && (
      <Paper withBorder p="sm" radius="md">
        <Group align="flex-end" gap="sm">
          <TextInput label="Prévia a partir de" type="date" value={start} onChange={(e) => setStart(e.currentTarget.value)} />
          <Button variant="default" onClick={() => void runPreview()} loading={simulate.isPending}>
            Ver calendário
          </Button>
        </Group>
        <ErrorList error={previewError} title="Etapas com problemas" />
        {preview && (
          <Table aria-label="Calendário das etapas" mt="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Etapa</Table.Th>
                <Table.Th>Dia</Table.Th>
                <Table.Th>Data</Table.Th>
                <Table.Th>A partir de</Table.Th>
                <Table.Th>Canal</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.map((p) => (
                <Table.Tr key={p.step.order}>
                  <Table.Td>{p.step.order}</Table.Td>
                  <Table.Td>{dayLabel(p.step.day_offset)}</Table.Td>
                  <Table.Td>{formatDate(p.day)}</Table.Td>
                  <Table.Td>{formatDateTime(p.at)}</Table.Td>
                  <Table.Td>{CHANNEL_LABELS[p.step.channel] ?? p.step.channel}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      )}
      <Group justify="flex-end">
        <Button onClick={() => void save()} loading={create.isPending || update.isPending}>
          Salvar cadência
        </Button>
      </Group>
    </Stack>
  );
}
