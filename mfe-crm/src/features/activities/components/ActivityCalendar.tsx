import type { Activity } from '@backoffice/api-client/endpoints';
import { Alert, Badge, Button, Group, NativeSelect, Paper, SimpleGrid, Spinner, Stack, Text, UnstyledButton, formatDate, todayInSaoPaulo } from '@backoffice/ui';
import { useState } from 'react';
import { addDays, byDay, calendarDays, KIND_LABELS, wallClock } from '../api/activityModel';
import { useActivities } from '../api/activityQueries';

const WEEKDAYS = ['Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb', 'Dom'];

/** The month or the week, each day with its activities (the filters apply); a click opens one. */
export function ActivityCalendar({ filters, onOpen }: { filters: { kind?: string; outcome?: string; owner_id?: string }; onOpen: (a: Activity) => void }) {
  const [view, setView] = useState<'mes' | 'semana'>('mes');
  const [anchor, setAnchor] = useState(todayInSaoPaulo());
  const days = calendarDays(anchor, view);
  const from = days[0]?.date ?? anchor;
  const to = days.at(-1)?.date ?? anchor;
  const list = useActivities({ ...filters, from, to, page_size: 200 });
  const grouped = byDay(list.data?.items ?? []);
  const today = todayInSaoPaulo();
  const move = (sign: number) => {
    if (view === 'semana') setAnchor(addDays(anchor, 7 * sign));
    else {
      const [y, m] = anchor.split('-').map(Number) as [number, number];
      const index = y * 12 + (m - 1) + sign;
      setAnchor(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`);
    }
  };
  return (
    <Stack gap="sm" aria-label="Calendário de atividades">
      <Group justify="space-between">
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={() => move(-1)} aria-label="Anterior">
            ‹
          </Button>
          <Button variant="default" size="xs" onClick={() => setAnchor(todayInSaoPaulo())}>
            Hoje
          </Button>
          <Button variant="default" size="xs" onClick={() => move(1)} aria-label="Próximo">
            ›
          </Button>
          <Text fw={600}>
            {formatDate(from)} a {formatDate(to)}
          </Text>
        </Group>
        <NativeSelect
          aria-label="Visão do calendário"
          value={view}
          onChange={(e) => setView(e.currentTarget.value === 'semana' ? 'semana' : 'mes')}
          data={[
            { value: 'mes', label: 'Mês' },
            { value: 'semana', label: 'Semana' },
          ]}
        />
      </Group>
      {list.isError && (
        <Alert color="red" role="alert" title="Não foi possível carregar as atividades">
          {list.error.message}
        </Alert>
      )}
      {list.isPending ? (
        <Spinner />
      ) : (
        <SimpleGrid cols={7} spacing={4}>
          {WEEKDAYS.map((d) => (
            <Text key={d} size="xs" c="dimmed" ta="center">
              {d}
            </Text>
          ))}
          {days.map((day) => (
            <Paper key={day.date} withBorder p={4} mih={view === 'semana' ? 240 : 90} bg={day.date === today ? 'blue.0' : undefined} opacity={day.inMonth ? 1 : 0.5} aria-label={`Dia ${formatDate(day.date)}`}>
              <Text size="xs" fw={600}>
                {day.date.slice(8)}
              </Text>
              <Stack gap={2}>
                {(grouped.get(day.date) ?? []).map((a) => (
                  <UnstyledButton key={a.id} onClick={() => onOpen(a)} title={`${KIND_LABELS[a.kind] ?? a.kind}: ${a.subject}`}>
                    <Badge size="xs" variant="light" color={a.done_at ? 'green' : a.overdue ? 'red' : 'blue'} fullWidth styles={{ label: { textTransform: 'none' } }}>
                      {wallClock(a.due_at).time} {a.subject}
                    </Badge>
                  </UnstyledButton>
                ))}
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      {list.data && list.data.total > list.data.items.length && (
        <Text size="xs" c="dimmed">
          Mostrando {list.data.items.length} de {list.data.total} atividades do período: use os filtros para ver as demais.
        </Text>
      )}
    </Stack>
  );
}
