import { Spinner, ActionIcon, Alert, Group, NativeSelect, Stack, Text, Title, formatDate } from '@backoffice/ui';
import { useHolidays, useUnits } from '../api/holidaysApi';
import { AddHolidayForm } from './AddHolidayForm';
import { HolidaysTable } from './HolidaysTable';
import { useUnitParam, useYearParam } from '../hooks/useYearParam';
import { EVERY_UNIT } from './holidayForm';

/** /admin/feriados: the holidays of a year (national ones computed, extra ones added here, for every unit or one), of
 * every unit or of the calendar of one (`?unidade=`). */
export default function HolidaysPage() {
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useYearParam(thisYear);
  const [unitId, setUnitId] = useUnitParam();
  const calendar = useHolidays(year, unitId);
  const units = useUnits().data ?? [];
  const unitFilter = [{ value: '', label: EVERY_UNIT }, ...units.map((u) => ({ value: u.id, label: `${u.code} — ${u.name}` }))];
  const years = Array.from({ length: 11 }, (_, i) => String(thisYear - 5 + i));
  if (!years.includes(String(year))) years.push(String(year));
  years.sort();

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Feriados</Title>
        <Text c="dimmed">
          Os feriados nacionais são calculados e não podem ser removidos; os adicionados aqui (estaduais, municipais, dias sem expediente bancário) podem. Um feriado de uma unidade
          vale só para ela (as cadências do CRM o seguem pela unidade do cliente ou do vendedor).
        </Text>
      </div>
      <Group gap="xs" align="flex-end">
        <ActionIcon variant="default" size="lg" aria-label="Ano anterior" onClick={() => setYear(year - 1)} disabled={year <= 1900}>
          ‹
        </ActionIcon>
        <NativeSelect label="Ano" data={years} value={String(year)} onChange={(event) => setYear(Number(event.currentTarget.value))} w={110} />
        <ActionIcon variant="default" size="lg" aria-label="Próximo ano" onClick={() => setYear(year + 1)} disabled={year >= 2200}>
          ›
        </ActionIcon>
        <NativeSelect label="Filtrar por unidade" data={unitFilter} value={unitId} onChange={(event) => setUnitId(event.currentTarget.value)} w={260} />
      </Group>
      <AddHolidayForm units={units} onAdded={(day) => setYear(Number(day.slice(0, 4)))} />
      {calendar.isPending && <Spinner label="Carregando os feriados…" />}
      {calendar.error && (
        <Alert color="red" title="Não foi possível carregar os feriados">
          {calendar.error.message}
        </Alert>
      )}
      {calendar.data && (
        <Stack gap="xs">
          <Text size="sm">
            Hoje, {formatDate(calendar.data.today)}, {calendar.data.today_is_business_day ? 'é dia útil' : 'não é dia útil'}
            {unitId ? ' nesta unidade' : ''}.
          </Text>
          <HolidaysTable holidays={calendar.data.holidays} year={calendar.data.year} units={units} />
        </Stack>
      )}
    </Stack>
  );
}
