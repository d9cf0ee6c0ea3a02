// dayjs in Brazilian Portuguese and São Paulo time, before Mantine's date input uses it.
import '../dates';
import { DateInput as MantineDateInput } from '@mantine/dates';
import type { FieldValues } from 'react-hook-form';
import { requiredProps, useBoundField } from './bind';
import { parseBrazilianDate, type DateInputProps } from './DateInput';

/**
 * A calendar date: Mantine's `DateInput` (calendar dropdown, pt-BR) shown and typed as dd/mm/aaaa; the field
 * holds `YYYY-MM-DD` (an API `date`, no time zone), or null when empty.
 */
export default function DateInputField<T extends FieldValues>({ name, control, withAsterisk, ...props }: DateInputProps<T>) {
  const { field, error } = useBoundField({ name, control });
  return (
    <MantineDateInput
      placeholder="dd/mm/aaaa"
      clearable={!withAsterisk}
      {...props}
      {...requiredProps(withAsterisk)}
      ref={field.ref}
      name={field.name}
      valueFormat="DD/MM/YYYY"
      dateParser={parseBrazilianDate}
      value={(field.value as string | null | undefined) || null}
      onChange={(value) => field.onChange(value ?? null)}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
