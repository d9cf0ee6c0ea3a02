import { DateInput, Form, FormErrors, NativeSelectField, notify, TextField, useZodForm, Button, Group, Paper, Stack, Title, formatDate } from '@backoffice/ui';
import { useAddHoliday, useUpdateHoliday, type Holiday, type Unit } from '../api/holidaysApi';
import { EVERY_UNIT, HOLIDAY_FIELD_LABELS, holidayFormSchema, type HolidayFormInput } from './holidayForm';

/** The unit select's options: every unit (empty), then the active units (and the holiday's own, even inactive). */
export function unitOptions(units: Unit[], current?: string | null) {
  return [
    { value: '', label: EVERY_UNIT },
    ...units.filter((u) => u.active || u.id === current).map((u) => ({ value: u.id, label: `${u.code} — ${u.name}` })),
  ];
}

function HolidayFields({ units, current }: { units: Unit[]; current?: string | null }) {
  return (
    <>
      <DateInput name="day" label="Data" withAsterisk w={170} />
      <TextField name="name" label="Nome" withAsterisk placeholder="Aniversário da cidade" style={{ flex: '1 1 240px' }} />
      <NativeSelectField<HolidayFormInput> name="unit_id" label="Unidade" data={unitOptions(units, current)} w={240} />
    </>
  );
}

/** Adds an extra holiday (a state or municipal one, a bank closure), for every unit or one. */
export function AddHolidayForm({ units, onAdded }: { units: Unit[]; onAdded?: (day: string) => void }) {
  const add = useAddHoliday();
  const form = useZodForm(holidayFormSchema, { defaultValues: { day: null, name: '', unit_id: '' } });

  const onSubmit = async (values: { day: string | null; name: string; unit_id: string }) => {
    const holiday = await add.mutateAsync({ day: values.day ?? '', name: values.name, ...(values.unit_id ? { unit_id: values.unit_id } : {}) });
    notify(`Feriado de ${formatDate(holiday.day)} adicionado.`, 'success');
    form.reset();
    onAdded?.(holiday.day);
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Form form={form} onSubmit={onSubmit} labels={HOLIDAY_FIELD_LABELS} aria-label="Adicionar feriado">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Adicionar feriado
          </Title>
          <FormErrors labels={HOLIDAY_FIELD_LABELS} />
          <Group align="flex-start" wrap="wrap">
            <HolidayFields units={units} />
            <Button type="submit" mt={25} loading={add.isPending}>
              Adicionar
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}

/** Changes an added holiday: its date, name or unit. */
export function EditHolidayForm({ holiday, units, onDone }: { holiday: Holiday; units: Unit[]; onDone: () => void }) {
  const update = useUpdateHoliday();
  const form = useZodForm(holidayFormSchema, { defaultValues: { day: holiday.day, name: holiday.name, unit_id: holiday.unit_id ?? '' } });

  const onSubmit = async (values: { day: string | null; name: string; unit_id: string }) => {
    const saved = await update.mutateAsync({ holiday, data: { day: values.day ?? '', name: values.name, ...(values.unit_id ? { unit_id: values.unit_id } : {}) } });
    notify(`Feriado de ${formatDate(saved.day)} alterado.`, 'success');
    onDone();
  };

  return (
    <Form form={form} onSubmit={onSubmit} labels={HOLIDAY_FIELD_LABELS} aria-label="Editar feriado">
      <Stack gap="sm">
        <FormErrors labels={HOLIDAY_FIELD_LABELS} />
        <HolidayFields units={units} current={holiday.unit_id} />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
