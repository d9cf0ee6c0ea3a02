import { Alert } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { FormProvider, useFormContext, useFormState, type Control, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { applyServerErrors, errorPaths, fixFieldsMessage, labelOf, toApiPath, type ApplyServerErrorsOptions, type FieldLabels } from './serverErrors';

interface FormProps<TValues extends FieldValues, TOutput> {
  form: UseFormReturn<TValues, unknown, TOutput>;
  /** Called with the parsed values; a thrown error (an `ApiError` from the server) is put on the form. */
  onSubmit: (values: TOutput) => unknown;
  /** Labels of the fields by their API names, for the form-level messages (never the API names). */
  labels?: FieldLabels;
  serverErrors?: ApplyServerErrorsOptions;
  children: ReactNode;
  className?: string;
  style?: CSSProperties;
  'aria-label'?: string;
}

/**
 * A `<form noValidate>` for a react-hook-form form (usually `useZodForm`): its fields find the form by context,
 * submitting validates with the schema and calls `onSubmit` with the parsed values, and an error `onSubmit`
 * throws (or rejects with) goes through `applyServerErrors`: messages on their fields, the form-level message
 * in `<FormErrors />`.
 */
export function Form<TValues extends FieldValues, TOutput>({ form, onSubmit, labels = {}, serverErrors, children, ...rest }: FormProps<TValues, TOutput>) {
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerErrors(form, error, labels, serverErrors);
    }
  });
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void submit(event)} {...rest}>
        {children}
      </form>
    </FormProvider>
  );
}

/**
 * Above the fields: the server's form-level message (`applyServerErrors`), or, after a submit the schema
 * refused, which fields to fix by their labels ("Corrija os campos Nome e CEP."). An `alert`, so it is read out.
 */
export function FormErrors<TValues extends FieldValues>({ control, labels = {} }: { control?: Control<TValues>; labels?: FieldLabels }) {
  const context = useFormContext<TValues>() as ReturnType<typeof useFormContext<TValues>> | null;
  const { errors, submitCount } = useFormState({ control: control ?? context?.control });
  const server = errors.root?.server?.message;
  let message = typeof server === 'string' ? server : '';
  if (!message && submitCount > 0) {
    const paths = errorPaths(errors);
    message = fixFieldsMessage(paths.map((path) => labelOf(labels, toApiPath(path))).filter((label): label is string => Boolean(label)));
  }
  if (!message) return null;
  return (
    <Alert color="red" role="alert">
      {message}
    </Alert>
  );
}
