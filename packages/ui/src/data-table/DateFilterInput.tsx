import { TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatDate } from '../format';
import { parseBrazilianDate } from '../forms/DateInput';
import { maskDate } from '../masks';

/**
 * A list filter's day, typed as dd/mm/aaaa: the filter changes (aaaa-mm-dd) once the date is complete and real,
 * or when the box is emptied. The box follows the address when it changes otherwise (Back, a link).
 */
export function DateFilterInput({ label, value, onChange }: { label: string; value: string; onChange: (iso: string) => void }) {
  const [text, setText] = useState(value ? formatDate(value) : '');
  useEffect(() => {
    setText((current) => (parseBrazilianDate(current) === (value || null) || (!value && current === '') ? current : value ? formatDate(value) : ''));
  }, [value]);
  const typed = text.length === 10 && parseBrazilianDate(text) === null;
  return (
    <TextInput
      label={label}
      placeholder="dd/mm/aaaa"
      inputMode="numeric"
      value={text}
      error={typed ? 'Data inválida.' : undefined}
      onChange={(event) => {
        const next = maskDate(event.currentTarget.value);
        setText(next);
        if (next === '') onChange('');
        else {
          const iso = parseBrazilianDate(next);
          if (iso) onChange(iso);
        }
      }}
    />
  );
}
