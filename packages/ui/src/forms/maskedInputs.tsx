import { TextInput, type TextInputProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { maskCep, maskDocument, maskPhone, unmaskDigits, unmaskDocument } from '../masks';
import { requiredProps, useBoundField, type BoundFieldProps } from './bind';

type MaskedProps<T extends FieldValues> = BoundFieldProps<T> & Omit<TextInputProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error'>;

/**
 * A text input that shows its value through a mask and keeps it normalized in the form: what is typed or
 * pasted is masked (`mask`), and the field holds `unmask(masked)`, so extra characters are dropped.
 */
function MaskedInput<T extends FieldValues>({
  name,
  control,
  withAsterisk,
  mask,
  unmask,
  ...props
}: MaskedProps<T> & { mask: (value: string) => string; unmask: (value: string) => string }) {
  const { field, error } = useBoundField({ name, control });
  return (
    <TextInput
      autoComplete="off"
      {...props}
      {...requiredProps(withAsterisk)}
      ref={field.ref}
      name={field.name}
      value={mask((field.value as string | undefined) ?? '')}
      onChange={(event) => field.onChange(unmask(mask(event.currentTarget.value)))}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

/**
 * CPF (`123.456.789-09`) or CNPJ (`11.222.333/0001-81`, also the alphanumeric CNPJ `12.ABC.345/01DE-35`);
 * the field holds the document without punctuation, letters upper case (`12ABC34501DE35`), as the server
 * stores it. `kind` fixes CPF (person) or CNPJ (company); without it, CPF up to 11 digits, CNPJ after that or
 * as soon as a letter appears. The label follows the kind unless given.
 */
export function DocumentInput<T extends FieldValues>({ kind, label, ...props }: MaskedProps<T> & { kind?: 'person' | 'company' }) {
  const defaultLabel = kind === 'person' ? 'CPF' : kind === 'company' ? 'CNPJ' : 'CPF ou CNPJ';
  return (
    <MaskedInput
      inputMode={kind === 'person' ? 'numeric' : 'text'}
      {...props}
      label={label ?? defaultLabel}
      mask={(value) => maskDocument(value, kind)}
      unmask={unmaskDocument}
    />
  );
}

/** CEP `01310-100`; the field holds its 8 digits. */
export function CepInput<T extends FieldValues>({ label = 'CEP', ...props }: MaskedProps<T>) {
  return <MaskedInput inputMode="numeric" {...props} label={label} mask={maskCep} unmask={unmaskDigits} />;
}

/** Phone `(11) 91234-5678` or `(11) 3123-4567`; the field holds the digits (DDD included). */
export function PhoneInput<T extends FieldValues>(props: MaskedProps<T>) {
  return <MaskedInput type="tel" inputMode="tel" {...props} mask={maskPhone} unmask={unmaskDigits} />;
}
