import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/**
 * What every bound input takes: the field's `name` (react-hook-form path, `address.cep`, `emails.1`) and, when
 * it is not inside `<Form>`/`FormProvider`, the form's `control`.
 */
export interface BoundFieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  control?: Control<T>;
}

/** A required mark that screen readers also get: Mantine's asterisk is hidden from them. */
export function requiredProps(withAsterisk: boolean | undefined): { withAsterisk?: boolean; 'aria-required'?: true } {
  return withAsterisk ? { withAsterisk: true, 'aria-required': true } : {};
}

/** The field, its message (when refused) and its state, for a Mantine input. */
export function useBoundField<T extends FieldValues>({ name, control }: BoundFieldProps<T>) {
  const { field, fieldState } = useController<T>({ name, control });
  return { field, error: fieldState.error?.message };
}
