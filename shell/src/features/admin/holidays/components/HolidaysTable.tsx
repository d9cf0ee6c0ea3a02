import { notify, Badge, Button, Group, Modal, Table, Text, VisuallyHidden, modals, formatDate } from '@backoffice/ui';
import { useState } from 'react';
import { useRemoveHoliday, type Holiday, type Unit } from '../api/holidaysApi';
import { EditHolidayForm } from './AddHolidayForm';
import { EVERY_UNIT } from './holidayForm';

const WEEKDAYS = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'];

/** "2027-01-25" → "segunda-feira" (a calendar date: no time zone involved). */
export function weekdayOf(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  return WEEKDAYS[new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)).getUTCDay()] ?? '';
}

/** Where a holiday applies: its unit's name, or every unit. */
export function unitLabel(holiday: Holiday): string {
  return holiday.unit_id ? (holiday.unit_name ?? holiday.unit_id) : EVERY_UNIT;
}

/** The year's holidays, with the unit each applies to: national ones marked as such (computed, not removable), extra
 * ones editable and removable. */
export function HolidaysTable({ holidays, year, units }: { holidays: Holiday[]; year: number; units: Unit[] }) {
  const remove = useRemoveHoliday();
  const [editing, setEditing] = useState<Holiday | null>(null);
  const confirmRemove = (holiday: Holiday) =>
    modals.openConfirmModal({
      title: 'Remover feriado',
      children: (
        <Text size="sm">
          Remover o feriado “{holiday.name}” de {formatDate(holiday.day)}? O dia volta a ser útil nos cálculos de vencimento.
        </Text>
      ),
      labels: { confirm: 'Remover', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(holiday, {
          onSuccess: () => notify(`Feriado de ${formatDate(holiday.day)} removido.`, 'success'),
          onError: (error) => notify(error.message, 'error'),
        }),
    });

  if (holidays.length === 0) return <Text c="dimmed">Nenhum feriado em {year}.</Text>;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover aria-label={`Feriados de ${year}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Data</Table.Th>
            <Table.Th>Dia da semana</Table.Th>
            <Table.Th>Nome</Table.Th>
            <Table.Th>Unidade</Table.Th>
            <Table.Th>Tipo</Table.Th>
            <Table.Th>
              <VisuallyHidden>Ações</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {holidays.map((holiday) => (
            <Table.Tr key={`${holiday.day}-${holiday.unit_id ?? ''}-${holiday.national}`}>
              <Table.Td>{formatDate(holiday.day)}</Table.Td>
              <Table.Td>{weekdayOf(holiday.day)}</Table.Td>
              <Table.Td>{holiday.name}</Table.Td>
              <Table.Td>{unitLabel(holiday)}</Table.Td>
              <Table.Td>
                {holiday.national ? (
                  <Badge variant="light" color="gray" tt="none">
                    Nacional
                  </Badge>
                ) : (
                  <Badge variant="light" color="green" tt="none">
                    Adicionado
                  </Badge>
                )}
              </Table.Td>
              <Table.Td ta="right">
                {!holiday.national && (
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Button size="xs" variant="subtle" onClick={() => setEditing(holiday)} aria-label={`Editar ${holiday.name} (${formatDate(holiday.day)})`}>
                      Editar
                    </Button>
                    <Button size="xs" variant="subtle" color="red" onClick={() => confirmRemove(holiday)} aria-label={`Remover ${holiday.name} (${formatDate(holiday.day)})`}>
                      Remover
                    </Button>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title="Editar feriado" size="lg" centered>
        {editing && <EditHolidayForm holiday={editing} units={units} onDone={() => setEditing(null)} />}
      </Modal>
    </Table.ScrollContainer>
  );
}
