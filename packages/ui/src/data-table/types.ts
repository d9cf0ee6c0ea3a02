import type { ReactNode } from 'react';

/** The server's sort: a column's sort key, ascending or descending. `null` is the server's default order. */
export interface SortState {
  id: string;
  desc: boolean;
}

/**
 * A page as the server reports it. Lists differ: the clients' has a count that may stop early (`total_capped`)
 * and `has_more`; the audit's an exact `total` only; the jobs' `has_more` only. "Próxima" follows `has_more`,
 * else `total`; the count is shown when there is a `total`.
 */
export interface PageInfo {
  page: number;
  page_size: number;
  /** The count of matches, or a lower bound when `total_capped`. */
  total?: number;
  total_capped?: boolean;
  has_more?: boolean;
}

/** One column of a list. Its `id` is the key for totals, hidden columns and (unless `sortKey`) the server's sort. */
export interface DataTableColumn<T> {
  id: string;
  /** The header, in Portuguese; also the column's name in the column chooser. */
  header: string;
  cell: (row: T) => ReactNode;
  /** The server can sort by this column (a header click asks it to). */
  sortable?: boolean;
  /** The server's name for this sort when it is not the column id. */
  sortKey?: string;
  /** Hidden until the user shows it in the column chooser. */
  defaultHidden?: boolean;
  /** False keeps it out of the column chooser (always shown). The first column is never hideable. */
  hideable?: boolean;
  align?: 'left' | 'right' | 'center';
  /** Draws a value of the `totals` prop (centavos → "R$ 1.234,56", say); without it the value is shown as is. */
  formatTotal?: (value: unknown) => ReactNode;
}

/** Where "Exportar" downloads the whole filtered set from: the list's export endpoint and the list's filters and sort. */
export interface DataTableExport {
  /** API path, e.g. `/api/v1/crm/clients/export`. */
  url: string;
  /** The same filters and sort as the list (empty values are left out); `format` is added. */
  params: Record<string, string | number | boolean | null | undefined>;
  formats?: ReadonlyArray<'csv' | 'xlsx'>;
}

/** The row's side drawer: the page's detail of a row, and its history. */
export interface DataTableDetail<T> {
  title: (row: T) => ReactNode;
  render: (row: T, close: () => void) => ReactNode;
  /** The history panel under the detail (a `<HistoryPanel>` fed by the page's query). */
  history?: (row: T) => ReactNode;
}
