import { ApiError } from '@backoffice/api-client';
import { useListCadences, type CadenceSimulation } from '@backoffice/api-client/endpoints';
import { Alert, Badge, Button, formatDate, formatDateTime, Group, List, NativeSelect, Paper, Stack, Table, Text, TextInput, todayInSaoPaulo } from '@backoffice/ui';
import { useState } from 'react';
import { KIND_LABELS as CHANNEL_LABELS } from '../../../lib/activityVocabulary';
import { useCadenceSimulation } from '../api/labQueries';

/**
 * *Simulador de cadência*: when each step of a cadence would fall for an enrollment made on a date and time, on
 * business days (weekends, national holidays and the company's) — a dry run: nothing is written.
 */
export function CadenceSimulatorTab() {
  const cadences = useListCadences();
  const simulate = useCadenceSimulation();
  const [cadenceId, setCadenceId] = useState('');
  const [startDate, setStartDate] = useState(todayInSaoPaulo());
  const [startTime, setStartTime] = useState('09:00');
  const [result, setResult] = useState<CadenceSimulation | null>(null);
  const [error, setError] = useState<unknown>(null);
  const options = (cadences.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  const chosen = cadenceId || options[0]?.value || '';

  const run = async () => {
    setError(null);
    try {
      setResult(await simulate.mutateAsync({ data: { cadence_id: chosen, start_date: startDate, start_time: startTime || undefined } }));
    } catch (e) {
      setResult(null);
      setError(e);
    }
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="sm" radius="md">
        <Group align="flex-end" gap="sm">
          <NativeSelect label="Cadência" value={chosen} onChange={(e) => setCadenceId(e.currentTarget.value)} data={options} disabled={options.length === 0} />
          <TextInput label="Início em" type="date" value={startDate} onChange={(e) => setStartDate(e.currentTarget.value)} />
          <TextInput label="Às" type="time" value={startTime} onChange={(e) => setStartTime(e.currentTarget.value)} />
          <Button onClick={() => void run()} loading={simulate.isPending} disabled={!chosen}>
            Simular
          </Button>
        </Group>
        {options.length === 0 && !cadences.isPending ? (
          <Text size="sm" c="dimmed" mt="xs">
            Nenhuma cadência cadastrada: crie uma em Atividades › Cadências.
          </Text>
        ) : null}
      </Paper>
      {error ? (
        <Alert color="red" role="alert" title="Não foi possível simular">
          {error instanceof ApiError || error instanceof Error ? error.message : String(error)}
        </Alert>
      ) : null}
      {result ? (
        <Stack gap="xs">
          <Text size="sm">
            {result.cadence_name ? `${result.cadence_name}: ` : ''}uma inscrição em {formatDate(startDate)} conta a partir de {formatDate(result.first_day)} (primeiro dia útil).
          </Text>
          <Table aria-label="Datas das etapas">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Etapa</Table.Th>
                <Table.Th>Dia</Table.Th>
                <Table.Th>Data</Table.Th>
                <Table.Th>A partir de</Table.Th>
                <Table.Th>Janela</Table.Th>
                <Table.Th>Canal</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.steps.map((s) => (
                <Table.Tr key={s.step.order}>
                  <Table.Td>{s.step.order}</Table.Td>
                  <Table.Td>D+{s.step.day_offset} útil</Table.Td>
                  <Table.Td>{formatDate(s.day)}</Table.Td>
                  <Table.Td>{formatDateTime(s.at)}</Table.Td>
                  <Table.Td>
                    {s.step.window_start}–{s.step.window_end}
                  </Table.Td>
                  <Table.Td>{CHANNEL_LABELS[s.step.channel] ?? s.step.channel}</Table.Td>
                  <Table.Td>
                    {s.due_at_once ? (
                      <Badge color="orange" variant="light">
                        Vence na inscrição
                      </Badge>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {result.holidays.length > 0 ? (
            <Paper withBorder p="sm" radius="md" aria-label="Feriados no período">
              <Text size="sm" fw={600}>
                Feriados no período
              </Text>
              <List size="sm">
                {result.holidays.map((h) => (
                  <List.Item key={h.day}>
                    {formatDate(h.day)} — {h.name}
                    {h.national ? '' : ' (da empresa)'}
                  </List.Item>
                ))}
              </List>
            </Paper>
          ) : (
            <Text size="sm" c="dimmed">
              Nenhum feriado no período.
            </Text>
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}
