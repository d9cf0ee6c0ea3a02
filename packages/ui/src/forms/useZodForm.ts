import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { installPtBrErrors } from './zodPtBr';

/**
 * A zod schema a form can use (classic `zod` or `zod/mini`: both are zod's core types): its input is what the
 * inputs hold, its output what `onSubmit` receives.
 */
export type FormSchema = z.core.$ZodType<FieldValues, FieldValues>;

export type ZodFormReturn<S extends FormSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

/**
 * react-hook-form with the schema as its resolver (`useForm({ resolver: zodResolver(schema) })`), typed by the
 * schema: the fields hold `z.input`, `handleSubmit` hands over the parsed `z.output`. Validates on submit,
 * then again on every change of a field that was refused (react-hook-form's defaults). Messages are Portuguese
 * (zodPtBr.ts) unless the schema gives its own.
 */
export function useZodForm<S extends FormSchema>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): ZodFormReturn<S> {
  installPtBrErrors();
  return useForm<z.input<S>, unknown, z.output<S>>({ ...options, resolver: zodResolver(schema) });
}
