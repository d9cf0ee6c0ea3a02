import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { SortState } from './types';

export const DEFAULT_PAGE_SIZES: readonly number[] = [20, 50, 100, 200];
export const TEXT_FILTER_DEBOUNCE_MS = 300;

export interface ListParamsOptions<F extends string> {
  /** The filters kept in the URL, by their URL (and API) names: `['q', 'status', 'kind']`. */
  filters?: readonly F[];
  /** Those typed in a text box: written to the URL after a pause, replacing the history entry. */
  textFilters?: readonly F[];
  /** The sort keys the server accepts; another value in the URL is ignored. */
  sortKeys?: readonly string[];
  /** The server's order when the request names none (clients: `name` ascending), shown on its header. */
  defaultSort?: SortState | null;
  pageSizes?: readonly number[];
  /** Defaults to the first of `pageSizes`. */
  defaultPageSize?: number;
  debounceMs?: number;
}

export interface ListParams<F extends string> {
  /** The filters as the URL has them ('' when absent): what the query asks the server for. */
  filters: Record<F, string>;
  /** What a text filter's input shows (ahead of the URL while the user types). */
  inputs: Record<F, string>;
  /** A text filter: shown at once, written (replace) after the pause; any other: written at once (push). Page → 1. */
  setFilter: (name: F, value: string) => void;
  /** The sort in the URL, else `defaultSort`, else null (the server's order). */
  sort: SortState | null;
  /** The URL/API form of the sort: `name`, `-created_at`; undefined for the server's default order (when no `defaultSort`). */
  sortParam: string | undefined;
  /** Pushes a history entry; back to page 1. */
  setSort: (sort: SortState | null) => void;
  page: number;
  /** Pushes a history entry, so the browser's Back returns to the previous page. */
  setPage: (page: number) => void;
  pageSize: number;
  pageSizes: readonly number[];
  /** Pushes a history entry; back to page 1. */
  setPageSize: (size: number) => void;
}

export function parseSort(value: string | null, sortKeys?: readonly string[]): SortState | null {
  if (!value) return null;
  const desc = value.startsWith('-');
  const id = desc ? value.slice(1) : value;
  if (!id || (sortKeys && !sortKeys.includes(id))) return null;
  return { id, desc };
}

export function formatSort(sort: SortState | null): string | undefined {
  return sort ? `${sort.desc ? '-' : ''}${sort.id}` : undefined;
}

/**
 * A list's filters, sort, page and page size, kept in the URL (`?q=ana&status=active&sort=-name&page=2&page_size=50`)
 * so that a link reproduces the view. Page, sort, page size and choice filters push a history entry (Back undoes
 * them); a text filter replaces its entry after a pause in typing. Every change of filter, sort or page size goes
 * back to page 1.
 */
export function useListParams<F extends string = string>(options: ListParamsOptions<F> = {}): ListParams<F> {
  const {
    filters: filterNames = [] as readonly F[],
    textFilters = [] as readonly F[],
    sortKeys,
    pageSizes = DEFAULT_PAGE_SIZES,
    defaultPageSize = pageSizes[0] ?? 20,
    debounceMs = TEXT_FILTER_DEBOUNCE_MS,
    defaultSort = null,
  } = options;
  const [params, setParams] = useSearchParams();

  const filters = useMemo(
    () => Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? ''])) as Record<F, string>,
    // The names are constants of the page; the URL is what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [params, filterNames.join('|')],
  );

  const sortText = params.get('sort');
  const defaultSortText = formatSort(defaultSort);
  const sort = useMemo(() => parseSort(sortText, sortKeys) ?? parseSort(defaultSortText ?? null), [sortText, sortKeys, defaultSortText]);
  const pageNumber = Number(params.get('page') ?? '1');
  const page = Number.isInteger(pageNumber) && pageNumber > 0 ? pageNumber : 1;
  const sizeNumber = Number(params.get('page_size') ?? defaultPageSize);
  const pageSize = pageSizes.includes(sizeNumber) ? sizeNumber : defaultPageSize;

  // The URL as last rendered. react-router hands a functional update the parameters of the render that made
  // the setter, so a text filter written after its pause would otherwise undo a filter chosen meanwhile.
  const latest = useRef(params);
  latest.current = params;
  const update = useCallback(
    (changes: Record<string, string | undefined>, replace: boolean) => {
      const next = new URLSearchParams(latest.current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, value);
      }
      latest.current = next;
      setParams(next, { replace });
    },
    [setParams],
  );

  // Text filters: the inputs follow the typing; the URL follows after the pause (and the inputs follow the URL
  // when it changes otherwise: Back, a link).
  const [drafts, setDrafts] = useState<Partial<Record<F, string>>>({});
  const timers = useRef(new Map<F, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);
  const textKey = textFilters.map((name) => `${name}=${filters[name]}`).join('&');
  useEffect(() => {
    // The URL changed: a draft already written (or overtaken by navigation) gives way to it.
    setDrafts((current) => {
      const stale = (name: F) => {
        const draft = current[name];
        return draft !== undefined && !timers.current.has(name) && draft.trim() !== filters[name];
      };
      if (!textFilters.some(stale)) return current;
      return Object.fromEntries(Object.entries(current).filter(([name]) => !stale(name as F))) as Partial<Record<F, string>>;
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [textKey]);

  const inputs = useMemo(
    () => Object.fromEntries(filterNames.map((name) => [name, drafts[name] ?? filters[name]])) as Record<F, string>,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [filters, drafts],
  );

  const setFilter = useCallback(
    (name: F, value: string) => {
      if (!textFilters.includes(name)) {
        update({ [name]: value, page: undefined }, false);
        return;
      }
      setDrafts((current) => ({ ...current, [name]: value }));
      const previous = timers.current.get(name);
      if (previous) clearTimeout(previous);
      timers.current.set(
        name,
        setTimeout(() => {
          timers.current.delete(name);
          update({ [name]: value.trim(), page: undefined }, true);
        }, debounceMs),
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [update, debounceMs, textFilters.join('|')],
  );

  // The default order is not written: `?sort=` only names another one.
  const setSort = useCallback(
    (next: SortState | null) => {
      const text = formatSort(next);
      update({ sort: text === defaultSortText ? undefined : text, page: undefined }, false);
    },
    [update, defaultSortText],
  );
  const setPage = useCallback((next: number) => update({ page: next > 1 ? String(next) : undefined }, false), [update]);
  const setPageSize = useCallback(
    (size: number) => update({ page_size: size === defaultPageSize ? undefined : String(size), page: undefined }, false),
    [update, defaultPageSize],
  );

  return { filters, inputs, setFilter, sort, sortParam: formatSort(sort), setSort, page, setPage, pageSize, pageSizes, setPageSize };
}
