/** pt-BR formats: R$ 1.234,56 from integer centavos; dates dd/mm/aaaa. */
const currency = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

export function formatCentavos(centavos: number): string {
  // Intl puts a non-breaking space after "R$"; a plain space reads and copies the same everywhere.
  return currency.format(centavos / 100).replace(/\u00a0/g, ' ');
}

export function formatDate(isoOrDate: string | Date): string {
  const date = typeof isoOrDate === 'string' ? new Date(isoOrDate) : isoOrDate;
  if (Number.isNaN(date.getTime())) return '';
  const dd = String(date.getUTCDate()).padStart(2, '0');
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${date.getUTCFullYear()}`;
}

export function formatInteger(value: number): string {
  return new Intl.NumberFormat('pt-BR').format(value);
}
