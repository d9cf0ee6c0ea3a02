// dayjs in Brazilian Portuguese and São Paulo time, before Mantine's date input uses it.
import '../dates';
import { DateInput as MantineDateInput, type DateInputProps as MantineDateInputProps } from '@mantine/dates';
import type { FieldValues } from 'react-hook-form';
import { requiredProps, useBoundField, type BoundFieldProps } from './bind';

/**
 * "07/03/2026" (or "07032026") → "2026-03-07"; null for anything that is not a real calendar date (31/02).
 */
export function parseBrazilianDate(text: string): string | null {
  const trimmed = text.trim();
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(trimmed);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export type DateInputProps<T extends FieldValues> = BoundFieldProps<T> &
  Omit<MantineDateInputProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'error' | 'valueFormat' | 'dateParser'>;

/**
 * A calendar date: Mantine's `DateInput` (calendar dropdown, pt-BR) shown and typed as dd/mm/aaaa; the field
 * holds `YYYY-MM-DD` (an API `date`, no time zone), or null when empty.
 */
export function DateInput<T extends FieldValues>({ name, control, withAsterisk, ...props }: DateInputProps<T>) {
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
