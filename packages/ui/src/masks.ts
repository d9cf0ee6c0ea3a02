/**
 * Input masks for CPF, CNPJ (also the alphanumeric CNPJ from 2026: 12 alphanumerics + 2 digits), CEP and
 * phone. `unmask*` gives the normalized value the server stores.
 */
const onlyDigits = (value: string) => value.replace(/\D/g, '');
const onlyAlnum = (value: string) => value.replace(/[^0-9a-z]/gi, '').toUpperCase();

function applyPattern(raw: string, pattern: string): string {
  let out = '';
  let index = 0;
  for (const slot of pattern) {
    if (index >= raw.length) break;
    if (slot === '#') {
      out += raw[index];
      index += 1;
    } else {
      out += slot;
    }
  }
  return out;
}

export function maskCpf(value: string): string {
  return applyPattern(onlyDigits(value).slice(0, 11), '###.###.###-##');
}

export function maskCnpj(value: string): string {
  return applyPattern(onlyAlnum(value).slice(0, 14), '##.###.###/####-##');
}

/** CPF while it fits 11 digits, CNPJ after that (or as soon as a letter appears). */
export function maskDocument(value: string, kind?: 'person' | 'company'): string {
  if (kind === 'person') return maskCpf(value);
  if (kind === 'company') return maskCnpj(value);
  const normalized = onlyAlnum(value);
  return normalized.length <= 11 && /^\d*$/.test(normalized) ? maskCpf(normalized) : maskCnpj(normalized);
}

export function unmaskDocument(value: string): string {
  return onlyAlnum(value);
}

export function maskCep(value: string): string {
  return applyPattern(onlyDigits(value).slice(0, 8), '#####-###');
}

/** (11) 91234-5678 for mobiles, (11) 3123-4567 for landlines. */
export function maskPhone(value: string): string {
  const digits = onlyDigits(value).slice(0, 11);
  return applyPattern(digits, digits.length > 10 ? '(##) #####-####' : '(##) ####-####');
}

export function unmaskDigits(value: string): string {
  return onlyDigits(value);
}

/** A date as typed, slashes put in as one types: "2501" → "25/01", "25012027" → "25/01/2027". */
export function maskDate(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter(Boolean).join('/');
}
