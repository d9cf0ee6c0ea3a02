import { PasswordInput, Textarea, TextInput, type PasswordInputProps, type TextareaProps, type TextInputProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { requiredProps, useBoundField, type BoundFieldProps } from './bind';
import type { Bound } from './fields';

/** Mantine's `TextInput` bound to a string field. */
export function TextField<T extends FieldValues>({ name, control, withAsterisk, ...props }: BoundFieldProps<T> & Bound<TextInputProps>) {
  const { field, error } = useBoundField({ name, control });
  return (
    <TextInput
      {...props}
      {...requiredProps(withAsterisk)}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

/** Mantine's `PasswordInput` bound to a string field. */
export function PasswordField<T extends FieldValues>({ name, control, withAsterisk, ...props }: BoundFieldProps<T> & Bound<PasswordInputProps>) {
  const { field, error } = useBoundField({ name, control });
  return (
    <PasswordInput
      {...props}
      {...requiredProps(withAsterisk)}
      // Mantine marks the password input only with data-invalid; screen readers need aria-invalid.
      aria-invalid={error ? true : undefined}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

/** Mantine's `Textarea` bound to a string field. */
export function TextareaField<T extends FieldValues>({ name, control, withAsterisk, ...props }: BoundFieldProps<T> & Bound<TextareaProps>) {
  const { field, error } = useBoundField({ name, control });
  return (
    <Textarea
      {...props}
      {...requiredProps(withAsterisk)}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
