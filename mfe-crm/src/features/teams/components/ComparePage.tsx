import { useCompareTeams, type ComparedTeam, type TeamComparison } from '@backoffice/api-client/endpoints';
import type { PageProps } from '@backoffice/routes';
import { Alert, Group, LineChartFigure, MultiSelect, Paper, ScatterFigure, SegmentedControl, Select, SimpleGrid, Spinner, Stack, StackedBarChart, Table, Text, TextInput, Title, formatDate, todayInSaoPaulo, useSearchParams, Switch } from '@backoffice/ui';
import { useMemo } from 'react';
import {
  METRICS,
  MAX_TEAMS,
  PERIOD_PRESETS,
  formatChange,
  formatMembers,
  formatMetric,
  idsAreValid,
  metricValue,
  parseIds,
  presetPeriod,
  teamColor,
  type PeriodPreset,
} from '../api/comparisonModel';
import { useTeams } from '../api/teamQueries';

/**
 * `/crm/times/comparar?ids=a,b`: 2 to 6 teams side by side over one period (sales-crm-commissions.md §4). Every
 * choice lives in the URL, so a comparison can be shared as a link.
 */
export default function ComparePage(_props: PageProps) {
  const [params, setParams] = useSearchParams();
  const today = todayInSaoPaulo();
  const ids = parseIds(params.get('ids'));
  const preset = (params.get('periodo') as PeriodPreset | null) ?? 'mes';
  const period = preset === 'personalizado' ? { from: params.get('de') ?? '', to: params.get('ate') ?? '' } : presetPeriod(preset, today);
  const granularity = params.get('granularidade') === 'semana' ? 'semana' : 'mes';
  const byMember = params.get('por_integrante') === '1';
  const update = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      return next;
    });
  const valid = idsAreValid(ids) && period.from !== '' && period.to !== '';
  const comparison = useCompareTeams(
    { ids: ids.join(','), from: period.from, to: period.to, granularity },
    { query: { enabled: valid } },
  );
  return (
    <Stack gap="md">
      <Title order={1}>Comparar times</Title>
      <Controls
        ids={ids}
        preset={preset}
        period={period}
        granularity={granularity}
        byMember={byMember}
        onChange={update}
      />
      {!idsAreValid(ids) ? (
        <Alert color="blue" title="Escolha os times">
          Escolha de 2 a {MAX_TEAMS} times para comparar.
        </Alert>
      ) : !valid ? (
        <Alert color="blue">Informe o início e o fim do período.</Alert>
      ) : comparison.isPending ? (
        <Spinner />
      ) : comparison.isError ? (
        <Alert color="red" role="alert" title="Não foi possível comparar os times">
          {comparison.error.message}
        </Alert>
      ) : (
        <Results comparison={comparison.data} byMember={byMember} />
      )}
    </Stack>
  );
}

interface ControlsProps {
  ids: string[];
  preset: PeriodPreset;
  period: { from: string; to: string };
  granularity: string;
  byMember: boolean;
  onChange: (changes: Record<string, string | null>) => void;
}

function Controls({ ids, preset, period, granularity, byMember, onChange }: ControlsProps) {
  const teams = useTeams(todayInSaoPaulo().slice(0, 7));
  const options = (teams.data ?? []).map((t) => ({ value: t.id, label: t.name }));
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <MultiSelect
          label="Times"
          description={`De 2 a ${MAX_TEAMS} times`}
          placeholder={teams.isPending ? 'Carregando…' : 'Escolha os times'}
          data={options}
          value={ids}
          maxValues={MAX_TEAMS}
          searchable
          onChange={(value) => onChange({ ids: value.join(',') })}
        />
        <Group align="flex-end" gap="md" wrap="wrap">
          <Select
            label="Período"
            data={PERIOD_PRESETS.map((p) => ({ value: p.value, label: p.label }))}
            value={preset}
            allowDeselect={false}
            onChange={(value) =>
              onChange(value === 'personalizado' ? { periodo: value, de: period.from, ate: period.to } : { periodo: value, de: null, ate: null })
            }
          />
          {preset === 'personalizado' && (
            <>
              <TextInput label="De" type="date" value={period.from} onChange={(e) => onChange({ de: e.currentTarget.value })} />
              <TextInput label="Até" type="date" value={period.to} onChange={(e) => onChange({ ate: e.currentTarget.value })} />
            </>
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Granularidade
            </Text>
            <SegmentedControl
              aria-label="Granularidade"
              data={[
                { value: 'semana', label: 'Semana' },
                { value: 'mes', label: 'Mês' },
              ]}
              value={granularity}
              onChange={(value) => onChange({ granularidade: value === 'mes' ? null : value })}
            />
          </Stack>
          <Switch
            label="Por integrante"
            description="Divide as contagens pela média de integrantes do período"
            checked={byMember}
            onChange={(e) => onChange({ por_integrante: e.currentTarget.checked ? '1' : null })}
          />
        </Group>
      </Stack>
    </Paper>
  );
}

function Results({ comparison, byMember }: { comparison: TeamComparison; byMember: boolean }) {
  const teams = comparison.teams;
  const series = teams.map((t, i) => ({ key: `t${i}`, label: t.name, color: teamColor(i) }));
  const counts = useMemo(() => chartRows(teams, byMember, 'count'), [teams, byMember]);
  const rates = useMemo(() => chartRows(teams, byMember, 'bp'), [teams, byMember]);
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {formatDate(comparison.from)} a {formatDate(comparison.to)}, comparado com {formatDate(comparison.previous_from)} a{' '}
        {formatDate(comparison.previous_to)}. Cada evento conta para o time de quem o fez na data do evento.
        {byMember && ' Contagens por integrante (média de integrantes no período).'}
      </Text>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Paper withBorder p="md" radius="md">
          <StackedBarChart label="Contagens por time" rows={counts} category="metric" series={series} layout="grouped" orientation="horizontal" valueFormat={byMember ? 'decimal' : 'integer'} />
        </Paper>
        <Paper withBorder p="md" radius="md">
          <StackedBarChart label="Taxas por time (%)" rows={rates} category="metric" series={series} layout="grouped" orientation="horizontal" valueFormat="percent" />
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Cumulative teams={teams} />
        </Paper>
        <Paper withBorder p="md" radius="md">
          <StackedBarChart
            label="Funil atual por time (oportunidades abertas)"
            rows={comparison.stages.map((stage) => {
              const row: Record<string, string | number> = { metric: stage.name };
              teams.forEach((t, i) => (row[`t${i}`] = t.funnel.find((f) => f.stage_id === stage.id)?.count ?? 0));
              return row;
            })}
            category="metric"
            series={series}
            layout="grouped"
            orientation="horizontal"
          />
        </Paper>
      </SimpleGrid>
      <Paper withBorder p="md" radius="md">
        <ScatterFigure
          label="Atividades × oportunidades ganhas por integrante"
          xLabel="Atividades realizadas"
          yLabel="Oportunidades ganhas"
          groups={teams.map((t, i) => ({
            name: t.name,
            color: teamColor(i),
            points: t.members.map((m) => ({ label: m.name, x: m.activities_done, y: m.won })),
          }))}
        />
      </Paper>
      <ComparisonTable teams={teams} byMember={byMember} />
    </Stack>
  );
}

/** Rows of a grouped chart: one per metric of `kind`, a column per team (`t0`, `t1`…). */
function chartRows(teams: readonly ComparedTeam[], byMember: boolean, kind: 'count' | 'bp') {
  return METRICS.filter((m) => m.kind === kind).map((metric) => {
    const row: Record<string, string | number> = { metric: metric.label };
    teams.forEach((t, i) => (row[`t${i}`] = metricValue(metric, t.current, t.average_members_milli, byMember) ?? 0));
    return row;
  });
}

/** Cumulative done activities per team against its target, dashed. */
function Cumulative({ teams }: { teams: readonly ComparedTeam[] }) {
  const rows = (teams[0]?.series ?? []).map((point, index) => {
    const row: Record<string, string | number> = { label: point.label };
    teams.forEach((t, i) => {
      row[`t${i}`] = t.series[index]?.cumulative_done ?? 0;
      row[`m${i}`] = t.series[index]?.cumulative_target ?? 0;
    });
    return row;
  });
  const series = teams.flatMap((t, i) => [
    { key: `t${i}`, label: t.name, color: teamColor(i) },
    { key: `m${i}`, label: `${t.name} — meta`, color: teamColor(i), dashed: true },
  ]);
  return <LineChartFigure label="Atividades acumuladas × meta" rows={rows} category="label" series={series} />;
}

function ComparisonTable({ teams, byMember }: { teams: readonly ComparedTeam[]; byMember: boolean }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Table.ScrollContainer minWidth={640}>
        <Table striped aria-label="Indicadores por time">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Indicador</Table.Th>
              {teams.map((t) => (
                <Table.Th key={t.id} scope="col">
                  {t.name}
                  <Text size="xs" c="dimmed">
                    {formatMembers(t.average_members_milli)} integrante(s) em média
                  </Text>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {METRICS.map((metric) => (
              <Table.Tr key={metric.key}>
                <Table.Th scope="row">{metric.label}</Table.Th>
                {teams.map((t) => {
                  const current = metricValue(metric, t.current, t.average_members_milli, byMember);
                  const previous = metricValue(metric, t.previous, t.previous_average_members_milli, byMember);
                  return (
                    <Table.Td key={t.id}>
                      {formatMetric(metric, current, byMember)}{' '}
                      <Text span size="xs" c="dimmed">
                        ({formatChange(current, previous)} vs. anterior)
                      </Text>
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
