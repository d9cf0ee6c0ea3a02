import { TextInput } from '@backoffice/ui';
import { useEffect, useState } from 'react';
import { isoToBr, maskDateBr, parseDateBr } from '../../shared/dates';

/**
 * A day typed as dd/mm/aaaa; the filter changes (aaaa-mm-dd) once the date is complete and real, or when the
 * box is emptied. The box follows the address when it changes otherwise (Back, a link).
 */
export function DateFilterInput({ label, value, onChange }: { label: string; value: string; onChange: (iso: string) => void }) {
  const [text, setText] = useState(value ? isoToBr(value) : '');
  useEffect(() => {
    setText((current) => (parseDateBr(current) === (value || null) || (!value && current === '') ? current : value ? isoToBr(value) : ''));
  }, [value]);
  const typed = text.length === 10 && parseDateBr(text) === null;
  return (
    <TextInput
      label={label}
      placeholder="dd/mm/aaaa"
      inputMode="numeric"
      value={text}
      error={typed ? 'Data inválida.' : undefined}
      onChange={(event) => {
        const next = maskDateBr(event.currentTarget.value);
        setText(next);
        if (next === '') onChange('');
        else {
          const iso = parseDateBr(next);
          if (iso) onChange(iso);
        }
      }}
    />
  );
}
