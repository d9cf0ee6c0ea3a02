import { formatInteger } from '../format';
import type { PageInfo } from './types';

export function totalPages(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * "1 registro", "1.234 registros", or "mais de 200 registros" when the server stopped counting (`total_capped`:
 * `total` is then a lower bound). Lists with their own noun pass their own label (the clients' `countLabel`).
 */
export function defaultCountLabel({ total = 0, total_capped }: PageInfo): string {
  return `${total_capped ? 'mais de ' : ''}${formatInteger(total)} ${total === 1 ? 'registro' : 'registros'}`;
}

/** "Página 2 de 6", "Página 1 de mais de 10" when the total is a bound, "Página 3" without a count. */
export function defaultPageLabel({ total, total_capped, page, page_size }: PageInfo): string {
  if (total === undefined) return `Página ${formatInteger(page)}`;
  if (!total_capped) return `Página ${formatInteger(page)} de ${formatInteger(totalPages(total, page_size))}`;
  return `Página ${formatInteger(page)} de mais de ${formatInteger(Math.max(page, Math.floor(total / page_size)))}`;
}

export function selectedLabel(count: number): string {
  return count === 1 ? '1 selecionado' : `${formatInteger(count)} selecionados`;
}

/** Whether a page follows: as the server says (`has_more`), else from the count. */
export function hasNextPage({ has_more, total, page, page_size }: PageInfo): boolean {
  if (has_more !== undefined) return has_more;
  return total !== undefined && page * page_size < total;
}
