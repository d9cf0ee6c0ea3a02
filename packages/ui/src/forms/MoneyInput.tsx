import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { requiredProps, useBoundField, type BoundFieldProps } from './bind';
import { formatHundredths, parseHundredths, sanitizeDecimalText } from './decimal';

type DecimalProps<T extends FieldValues> = BoundFieldProps<T> &
  Omit<TextInputProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'error'> & {
    /** Accept a leading "-" (default: amounts are not negative). */
    allowNegative?: boolean;
  };

/**
 * An amount with two decimals typed the Brazilian way ("1.234,56"), held as an integer in hundredths
 * (`null` when empty). While typing, the text is kept as typed (only digits, dots, one comma, two decimals);
 * on leaving the field it is shown formatted. A value set from outside (reset, `setValue`) is shown formatted.
 */
function DecimalInput<T extends FieldValues>({ name, control, withAsterisk, allowNegative = false, onBlur, ...props }: DecimalProps<T>) {
  const { field, error } = useBoundField({ name, control });
  const value = typeof field.value === 'number' ? (field.value as number) : null;
  const [text, setText] = useState(() => (value === null ? '' : formatHundredths(value)));
  // The typed text while it still says the field's value; otherwise (the value changed elsewhere) the value.
  const shown = parseHundredths(text, { allowNegative }) === value ? text : value === null ? '' : formatHundredths(value);
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      {...props}
      {...requiredProps(withAsterisk)}
      ref={field.ref}
      name={field.name}
      value={shown}
      onChange={(event) => {
        const typed = sanitizeDecimalText(event.currentTarget.value, { allowNegative });
        setText(typed);
        field.onChange(parseHundredths(typed, { allowNegative }));
      }}
      onBlur={(event) => {
        setText(value === null ? '' : formatHundredths(value));
        field.onBlur();
        onBlur?.(event);
      }}
      error={error}
    />
  );
}

/** Money in integer centavos: "1.234,56" → 123456 (R$ shown before it). */
export function MoneyInput<T extends FieldValues>(props: DecimalProps<T>) {
  return <DecimalInput leftSection="R$" leftSectionPointerEvents="none" {...props} />;
}

/** A percentage in hundredths of a percent, as the server keeps rates: "2,5" → 250 (2,50%). */
export function PercentInput<T extends FieldValues>(props: DecimalProps<T>) {
  return <DecimalInput rightSection="%" rightSectionPointerEvents="none" {...props} />;
}
