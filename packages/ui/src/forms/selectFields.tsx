import { Checkbox, MultiSelect, NativeSelect, Select, TagsInput, type CheckboxProps, type MultiSelectProps, type NativeSelectProps, type SelectProps, type TagsInputProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { requiredProps, useBoundField, type BoundFieldProps } from './bind';
import type { Bound } from './fields';

/** Mantine's `Select` (searchable list) bound to a string field; no choice is `''`. */
export function SelectField<T extends FieldValues>({ name, control, withAsterisk, ...props }: BoundFieldProps<T> & Bound<SelectProps>) {
  const { field, error } = useBoundField({ name, control });
  return (
    <Select
      {...props}
      {...requiredProps(withAsterisk)}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | undefined) || null}
      onChange={(value) => field.onChange(value ?? '')}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

/** Mantine's `NativeSelect` bound to a string field. */
export function NativeSelectField<T extends FieldValues>({ name, control, withAsterisk, ...props }: BoundFieldProps<T> & Bound<NativeSelectProps>) {
  const { field, error } = useBoundField({ name, control });
  return (
    <NativeSelect
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

/** Mantine's `MultiSelect` bound to a string-array field. */
export function MultiSelectField<T extends FieldValues>({ name, control, withAsterisk, ...props }: BoundFieldProps<T> & Bound<MultiSelectProps>) {
  const { field, error } = useBoundField({ name, control });
  return (
    <MultiSelect
      {...props}
      {...requiredProps(withAsterisk)}
      ref={field.ref}
      name={field.name}
      value={(field.value as string[] | undefined) ?? []}
      onChange={(value) => field.onChange(value)}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

/** Mantine's `TagsInput` (free labels, Enter or comma adds one) bound to a string-array field. */
export function TagsField<T extends FieldValues>({ name, control, withAsterisk, ...props }: BoundFieldProps<T> & Bound<TagsInputProps>) {
  const { field, error } = useBoundField({ name, control });
  return (
    <TagsInput
      {...props}
      {...requiredProps(withAsterisk)}
      ref={field.ref}
      name={field.name}
      value={(field.value as string[] | undefined) ?? []}
      onChange={(value) => field.onChange(value)}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

/** Mantine's `Checkbox` bound to a boolean field. */
export function CheckboxField<T extends FieldValues>({ name, control, ...props }: BoundFieldProps<T> & Omit<CheckboxProps, 'name' | 'checked' | 'defaultChecked' | 'onChange' | 'error'>) {
  const { field, error } = useBoundField({ name, control });
  return <Checkbox {...props} ref={field.ref} name={field.name} checked={Boolean(field.value)} onChange={(event) => field.onChange(event.currentTarget.checked)} onBlur={field.onBlur} error={error} />;
}
