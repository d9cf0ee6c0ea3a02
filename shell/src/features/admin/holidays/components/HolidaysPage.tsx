import { Spinner, ActionIcon, Alert, Group, NativeSelect, Stack, Text, Title, formatDate } from '@backoffice/ui';
import { useHolidays } from '../api/holidaysApi';
import { AddHolidayForm } from './AddHolidayForm';
import { HolidaysTable } from './HolidaysTable';
import { useYearParam } from '../hooks/useYearParam';

/** /admin/feriados: the holidays of a year (national ones computed, extra ones added here). */
export default function HolidaysPage() {
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useYearParam(thisYear);
  const calendar = useHolidays(year);
  const years = Array.from({ length: 11 }, (_, i) => String(thisYear - 5 + i));
  if (!years.includes(String(year))) years.push(String(year));
  years.sort();

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Feriados</Title>
        <Text c="dimmed">Os feriados nacionais são calculados e não podem ser removidos; os adicionados aqui (estaduais, municipais, dias sem expediente bancário) podem.</Text>
      </div>
      <Group gap="xs" align="flex-end">
        <ActionIcon variant="default" size="lg" aria-label="Ano anterior" onClick={() => setYear(year - 1)} disabled={year <= 1900}>
          ‹
        </ActionIcon>
        <NativeSelect label="Ano" data={years} value={String(year)} onChange={(event) => setYear(Number(event.currentTarget.value))} w={110} />
        <ActionIcon variant="default" size="lg" aria-label="Próximo ano" onClick={() => setYear(year + 1)} disabled={year >= 2200}>
          ›
        </ActionIcon>
      </Group>
      <AddHolidayForm onAdded={(day) => setYear(Number(day.slice(0, 4)))} />
      {calendar.isPending && <Spinner label="Carregando os feriados…" />}
      {calendar.error && (
        <Alert color="red" title="Não foi possível carregar os feriados">
          {calendar.error.message}
        </Alert>
      )}
      {calendar.data && (
        <Stack gap="xs">
          <Text size="sm">
            Hoje, {formatDate(calendar.data.today)}, {calendar.data.today_is_business_day ? 'é dia útil' : 'não é dia útil'}.
          </Text>
          <HolidaysTable holidays={calendar.data.holidays} year={calendar.data.year} />
        </Stack>
      )}
    </Stack>
  );
}
