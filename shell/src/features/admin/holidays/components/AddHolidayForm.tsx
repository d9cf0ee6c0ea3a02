import { DateInput, Form, FormErrors, notify, TextField, useZodForm, Button, Group, Paper, Stack, Title, formatDate } from '@backoffice/ui';
import { useAddHoliday } from '../api/holidaysApi';
import { HOLIDAY_FIELD_LABELS, holidayFormSchema } from './holidayForm';

/** Adds an extra holiday (a state or municipal one, a bank closure). */
export function AddHolidayForm({ onAdded }: { onAdded?: (day: string) => void }) {
  const add = useAddHoliday();
  const form = useZodForm(holidayFormSchema, { defaultValues: { day: null, name: '' } });

  const onSubmit = async (values: { day: string | null; name: string }) => {
    const holiday = await add.mutateAsync({ day: values.day ?? '', name: values.name });
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
            <DateInput name="day" label="Data" withAsterisk w={170} />
            <TextField name="name" label="Nome" withAsterisk placeholder="Aniversário da cidade" style={{ flex: '1 1 240px' }} />
            <Button type="submit" mt={25} loading={add.isPending}>
              Adicionar
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
