import { z } from 'zod';

export const HOLIDAY_NAME_MAX = 120;

/** The holiday form: the date (dd/mm/aaaa in the input, aaaa-mm-dd in the field), the name and the unit (empty: every
 * unit), as the server checks them. */
export const holidayFormSchema = z.object({
  day: z
    .string()
    .nullable()
    .refine((value): value is string => Boolean(value), 'Informe a data (dd/mm/aaaa).'),
  name: z.string().trim().min(1, 'Informe o nome do feriado.').max(HOLIDAY_NAME_MAX, `O nome deve ter no máximo ${HOLIDAY_NAME_MAX} caracteres.`),
  unit_id: z.string(),
});

export type HolidayFormInput = z.input<typeof holidayFormSchema>;

export const HOLIDAY_FIELD_LABELS: Record<string, string> = { day: 'Data', name: 'Nome', unit_id: 'Unidade' };

/** What the list and the unit select say of a holiday without a unit. */
export const EVERY_UNIT = 'Todas as unidades';
