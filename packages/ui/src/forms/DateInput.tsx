import { TextInput } from '@mantine/core';
import type { DateInputProps as MantineDateInputProps } from '@mantine/dates';
import { lazy, Suspense, type ComponentType } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { BoundFieldProps } from './bind';

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
 * holds `YYYY-MM-DD` (an API `date`, no time zone), or null when empty. Mantine's date components and dayjs are
 * fetched when the first date input is drawn (DateInputField.tsx): few pages have one, and they are a fifth of the
 * UI library; meanwhile an inert input of the same label holds the place.
 */
export function DateInput<T extends FieldValues>(props: DateInputProps<T>) {
  const Field = DateInputField as ComponentType<DateInputProps<T>>;
  return (
    <Suspense fallback={<TextInput label={props.label} placeholder="dd/mm/aaaa" w={props.w} disabled />}>
      <Field {...props} />
    </Suspense>
  );
}

const DateInputField = lazy(() => import(/* webpackChunkName: "date-input" */ './DateInputField'));
