import {
  Alert,
  Box,
  Button,
  Checkbox,
  Drawer,
  Group,
  LoadingOverlay,
  NativeSelect,
  Paper,
  Popover,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowSelectionState,
  type SortingState,
  type VisibilityState,
} from '@tanstack/react-table';
import { measureElement, useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { ExportMenu } from './ExportMenu';
import { defaultCountLabel, defaultPageLabel, hasNextPage, selectedLabel } from './paging';
import type { DataTableColumn, DataTableDetail, DataTableExport, PageInfo, SortState } from './types';
import { DEFAULT_PAGE_SIZES, type ListParams } from './useListParams';

export interface DataTableProps<T, P extends PageInfo = PageInfo> {
  /** Stable id of the list (`crm.clients`): the key under which the hidden columns are remembered. */
  id: string;
  /** The table's accessible name ("Clientes"). */
  label: string;
  columns: ReadonlyArray<DataTableColumn<T>>;
  /** The current page's rows as the server sent them (never sorted or filtered here); undefined before the first answer. */
  rows: readonly T[] | undefined;
  getRowId: (row: T) => string;
  /** How a row is named to screen readers ("Selecionar linha {label}"); defaults to its id. */
  getRowLabel?: (row: T) => string;
  /** The page as the server reports it: count, page, page size, whether more follow. */
  pageInfo?: P;
  /** A request is under way (the previous page stays shown under an overlay). */
  loading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  sort?: SortState | null;
  /** A sortable header was clicked: ascending → descending → the server's default order (null). */
  onSortChange?: (sort: SortState | null) => void;
  onPageChange?: (page: number) => void;
  pageSizes?: readonly number[];
  onPageSizeChange?: (size: number) => void;
  countLabel?: (info: P) => string;
  pageLabel?: (info: P) => string;
  /** Server-computed totals of the whole filtered set, by column id; drawn as the last row. */
  totals?: Record<string, unknown> | null;
  totalsLabel?: string;
  emptyMessage?: ReactNode;
  /** The page's filters, drawn above the table. */
  toolbar?: ReactNode;
  /** Given: rows can be selected and the bar shows these actions for the selected rows. */
  bulkActions?: (selected: T[], clearSelection: () => void) => ReactNode;
  /** Given: "Exportar" downloads the whole filtered set as CSV/XLSX. */
  exportOptions?: DataTableExport;
  /** Given: a row click (or Enter on a focused row) opens a side drawer with this detail. */
  detail?: DataTableDetail<T>;
  /** From this many rows on, only the rows in view are in the DOM. */
  virtualizeFrom?: number;
  /** Height of the scrolling box when virtualised. */
  maxHeight?: number | string;
  /** The table's minimum width: narrower screens scroll sideways inside the box, first column fixed. */
  minWidth?: number;
}

/** The sort, paging and page-size props of a `DataTable` from `useListParams`. */
export function listTableProps<F extends string>(list: ListParams<F>) {
  return {
    sort: list.sort,
    onSortChange: list.setSort,
    onPageChange: list.setPage,
    pageSizes: list.pageSizes,
    onPageSizeChange: list.setPageSize,
  };
}

const ESTIMATED_ROW_HEIGHT = 45;
const storageKey = (id: string) => `bo-data-table:${id}:columns`;

function readStoredVisibility(id: string): VisibilityState {
  try {
    const stored = JSON.parse(window.localStorage.getItem(storageKey(id)) ?? '{}') as unknown;
    if (stored && typeof stored === 'object' && !Array.isArray(stored)) {
      return Object.fromEntries(Object.entries(stored).filter(([, v]) => typeof v === 'boolean')) as VisibilityState;
    }
  } catch {
    // Unreadable: the defaults.
  }
  return {};
}

/** Clicks on the row's own controls (links, buttons, checkboxes) do not open the drawer. */
function fromControl(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target as HTMLElement;
  return Boolean(target.closest('a, button, input, label, select, textarea, [role="checkbox"], [data-no-row-click]'));
}

/**
 * Body rows and cells are plain `<tr>`/`<td>` with Mantine Table's classes and data attributes (what `Table.Tr` and
 * `Table.Td` render under this table's settings: row borders, hover): a page draws hundreds of cells, and each
 * `Table.Td` resolves its props, theme and context — on a slow phone about a tenth of a second for 20 rows.
 */
const BODY_ROW_CLASS = `${Table.classes.tr} mantine-Table-tr`;
const BODY_CELL_CLASS = `${Table.classes.td} mantine-Table-td`;

/**
 * The selection checkbox sits in the first column's cell, so the one fixed column keeps both at 390 px. A native
 * checkbox in the theme's colour (backoffice.css), not Mantine's: one per row, and Mantine's is five components.
 */
function WithCheckbox({ checkbox, children }: { checkbox: ReactNode; children: ReactNode }) {
  if (!checkbox) return <>{children}</>;
  return (
    <div className="bo-cell-with-checkbox">
      {checkbox}
      {children}
    </div>
  );
}

function SelectCheckbox({ label, checked, indeterminate = false, disabled, onChange }: { label: string; checked: boolean; indeterminate?: boolean; disabled?: boolean; onChange: (event: unknown) => void }) {
  return (
    <input
      type="checkbox"
      className="bo-select-checkbox"
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onChange={onChange}
      // `indeterminate` is a property, not an attribute: set on the element.
      ref={(element) => {
        if (element) element.indeterminate = indeterminate;
      }}
    />
  );
}

function sortKeyOf<T>(column: DataTableColumn<T>): string {
  return column.sortKey ?? column.id;
}

/**
 * The one way a list is shown: TanStack Table (headless: column visibility, row selection; sorting and paging
 * are manual, the server's) drawn with Mantine's `Table`. The table never sorts or filters: it reports header
 * clicks and page changes, and the page's query refetches. Long pages are virtualised (TanStack Virtual).
 */
export function DataTable<T, P extends PageInfo = PageInfo>(props: DataTableProps<T, P>) {
  const {
    id,
    label,
    columns,
    rows,
    getRowId,
    getRowLabel = getRowId,
    pageInfo,
    loading = false,
    error,
    onRetry,
    sort = null,
    onSortChange,
    onPageChange,
    pageSizes = DEFAULT_PAGE_SIZES,
    onPageSizeChange,
    countLabel = defaultCountLabel,
    pageLabel = defaultPageLabel,
    totals,
    totalsLabel = 'Total',
    emptyMessage = 'Nenhum registro encontrado.',
    toolbar,
    bulkActions,
    exportOptions,
    detail,
    virtualizeFrom = 100,
    maxHeight = '70vh',
    minWidth = 720,
  } = props;
  const selectable = Boolean(bulkActions);
  const data = useMemo(() => (rows ? [...rows] : []), [rows]);

  // Hidden columns: the defaults, then what the user chose (remembered per list).
  const [chosen, setChosen] = useState<VisibilityState>(() => readStoredVisibility(id));
  const columnVisibility = useMemo<VisibilityState>(() => {
    const visibility: VisibilityState = {};
    columns.forEach((column, index) => {
      const hideable = index > 0 && column.hideable !== false;
      visibility[column.id] = hideable ? (chosen[column.id] ?? !column.defaultHidden) : true;
    });
    return visibility;
  }, [columns, chosen]);
  const setColumnShown = useCallback(
    (columnId: string, shown: boolean) => {
      setChosen((current) => {
        const next = { ...current, [columnId]: shown };
        try {
          window.localStorage.setItem(storageKey(id), JSON.stringify(next));
        } catch {
          // Storage full or blocked: the choice lasts for this visit.
        }
        return next;
      });
    },
    [id],
  );

  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  // Selection follows the rows shown: a row that left the page (another page, archived) is no longer selected.
  useEffect(() => {
    setRowSelection((current) => {
      const present = new Set(data.map(getRowId));
      const kept = Object.fromEntries(Object.entries(current).filter(([rowId, on]) => on && present.has(rowId)));
      return Object.keys(kept).length === Object.keys(current).length ? current : kept;
    });
  }, [data, getRowId]);

  const columnDefs = useMemo<ColumnDef<T>[]>(
    () => [
      ...columns.map(
        (column): ColumnDef<T> => ({
          id: column.id,
          accessorFn: (row) => row,
          header: column.header,
          enableSorting: Boolean(column.sortable),
          meta: column,
        }),
      ),
    ],
    [columns],
  );

  const sorting = useMemo<SortingState>(() => {
    if (!sort) return [];
    const column = columns.find((c) => c.sortable && sortKeyOf(c) === sort.id);
    return column ? [{ id: column.id, desc: sort.desc }] : [];
  }, [columns, sort]);

  const table = useReactTable({
    data,
    columns: columnDefs,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualFiltering: true,
    manualPagination: true,
    enableRowSelection: selectable,
    enableMultiSort: false,
    state: { sorting, columnVisibility, rowSelection },
    onRowSelectionChange: setRowSelection,
  });

  const headerClick = (column: DataTableColumn<T>) => {
    const key = sortKeyOf(column);
    const current = sort?.id === key ? sort : null;
    if (!current) onSortChange?.({ id: key, desc: false });
    else if (!current.desc) onSortChange?.({ id: key, desc: true });
    else onSortChange?.(null);
  };

  const tableRows = table.getRowModel().rows;
  const visibleColumns = table.getVisibleLeafColumns();
  const selectedRows = table.getSelectedRowModel().rows.map((row) => row.original);
  const clearSelection = useCallback(() => setRowSelection({}), []);

  // Virtualisation: only the rows in view (plus a margin) are rendered; spacer rows keep the scroll height.
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = tableRows.length >= virtualizeFrom;
  const virtualizer = useVirtualizer({
    count: virtual ? tableRows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    // A row not laid out (the list inside a hidden panel) keeps the estimate: zero heights would never fill the view.
    measureElement: (element, entry, instance) => measureElement(element, entry, instance) || ESTIMATED_ROW_HEIGHT,
    overscan: 10,
    initialRect: { width: 1024, height: 720 },
    enabled: virtual,
  });
  const virtualItems = virtual ? virtualizer.getVirtualItems() : [];
  const windowRows = virtual ? virtualItems.map((item) => ({ row: tableRows[item.index], index: item.index })) : tableRows.map((row, index) => ({ row, index }));
  const paddingTop = virtual ? (virtualItems[0]?.start ?? 0) : 0;
  const paddingBottom = virtual ? virtualizer.getTotalSize() - (virtualItems[virtualItems.length - 1]?.end ?? 0) : 0;

  // The drawer keeps the row it was opened with (a refetch may replace the page meanwhile).
  const [opened, setOpened] = useState<T | null>(null);
  const closeDrawer = useCallback(() => setOpened(null), []);
  const openRow = (row: T) => {
    if (detail) setOpened(row);
  };

  const hideableColumns = columns.filter((column, index) => index > 0 && column.hideable !== false);
  const firstRequest = rows === undefined && !error;
  const empty = rows !== undefined && rows.length === 0;
  const hasTotals = Boolean(totals) && Object.keys(totals ?? {}).length > 0;

  return (
    <Stack gap="sm">
      {(toolbar || hideableColumns.length > 0 || exportOptions) && (
        <Group justify="space-between" align="flex-end" gap="sm">
          <Box style={{ flex: '1 1 auto' }}>{toolbar}</Box>
          <Group gap="xs">
            {hideableColumns.length > 0 && (
              <Popover position="bottom-end" shadow="md">
                <Popover.Target>
                  <Button variant="default">Colunas</Button>
                </Popover.Target>
                <Popover.Dropdown>
                  <Stack gap="xs" role="group" aria-label="Colunas visíveis">
                    {hideableColumns.map((column) => (
                      <Checkbox
                        key={column.id}
                        label={column.header}
                        checked={columnVisibility[column.id] !== false}
                        onChange={(event) => setColumnShown(column.id, event.currentTarget.checked)}
                      />
                    ))}
                  </Stack>
                </Popover.Dropdown>
              </Popover>
            )}
            {exportOptions && <ExportMenu options={exportOptions} name={id} />}
          </Group>
        </Group>
      )}

      {selectable && selectedRows.length > 0 && (
        <Paper withBorder radius="md" p="xs" bg="green.0" role="region" aria-label="Ações em lote">
          <Group gap="sm" align="center">
            <Text fw={500} aria-live="polite">
              {selectedLabel(selectedRows.length)}
            </Text>
            {bulkActions?.(selectedRows, clearSelection)}
            <Button variant="subtle" onClick={clearSelection}>
              Limpar seleção
            </Button>
          </Group>
        </Paper>
      )}

      {error ? (
        <Alert color="red" role="alert" title="Não foi possível carregar a lista">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{error.message}</Text>
            {onRetry && (
              <Button variant="default" size="xs" onClick={onRetry}>
                Tentar novamente
              </Button>
            )}
          </Stack>
        </Alert>
      ) : empty && !loading ? (
        <Paper withBorder radius="md" p="lg">
          <Text>{emptyMessage}</Text>
        </Paper>
      ) : (
        <>
          {/* The count's line is kept while the first page loads, so the table does not move down when it comes. */}
          {pageInfo ? (
            pageInfo.total !== undefined && (
              <Text c="dimmed" aria-live="polite">
                {countLabel(pageInfo)}
              </Text>
            )
          ) : (
            <Text c="dimmed" aria-hidden>
              {'\u00a0'}
            </Text>
          )}
          <Paper withBorder radius="md" pos="relative">
            <LoadingOverlay visible={loading && !firstRequest} zIndex={3} overlayProps={{ blur: 1 }} loaderProps={{ 'aria-label': 'Carregando…' }} />
            {/* Narrow screens scroll sideways inside this box (the first column stays); long pages scroll in it too. */}
            <Box
              ref={scrollRef}
              data-testid={`${id}-scroll`}
              style={{ overflow: 'auto', maxHeight: virtual ? maxHeight : undefined }}
            >
              <Table
                aria-label={label}
                aria-busy={loading || firstRequest}
                aria-rowcount={virtual ? tableRows.length + 1 : undefined}
                highlightOnHover
                stickyHeader={virtual}
                verticalSpacing="sm"
                className="bo-sticky-first"
                style={{ whiteSpace: 'nowrap', minWidth }}
              >
                <Table.Thead>
                  <Table.Tr>
                    {visibleColumns.map((column, columnIndex) => {
                      const meta = column.columnDef.meta as DataTableColumn<T>;
                      const direction = column.getIsSorted();
                      return (
                        <Table.Th
                          key={column.id}
                          scope="col"
                          ta={meta.align}
                          aria-sort={meta.sortable ? (direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none') : undefined}
                        >
                          <WithCheckbox
                            checkbox={
                              selectable && columnIndex === 0 ? (
                                <SelectCheckbox
                                  label="Selecionar todos"
                                  checked={table.getIsAllRowsSelected()}
                                  indeterminate={table.getIsSomeRowsSelected()}
                                  disabled={tableRows.length === 0}
                                  onChange={table.getToggleAllRowsSelectedHandler()}
                                />
                              ) : null
                            }
                          >
                            {meta.sortable && onSortChange ? (
                              <UnstyledButton onClick={() => headerClick(meta)} fw={700} fz="sm">
                                {meta.header}
                                <Text component="span" aria-hidden c={direction ? undefined : 'dimmed'} ml={4} fz="xs">
                                  {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
                                </Text>
                              </UnstyledButton>
                            ) : (
                              meta.header
                            )}
                          </WithCheckbox>
                        </Table.Th>
                      );
                    })}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {firstRequest &&
                    Array.from({ length: 5 }, (_, i) => (
                      <Table.Tr key={`skeleton-${i}`} aria-hidden>
                        {visibleColumns.map((column) => (
                          <Table.Td key={column.id}>
                            <Skeleton height={14} radius="sm" />
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  {paddingTop > 0 && (
                    <Table.Tr aria-hidden style={{ height: paddingTop }}>
                      <Table.Td colSpan={visibleColumns.length} p={0} />
                    </Table.Tr>
                  )}
                  {windowRows.map(({ row, index }) => {
                    if (!row) return null;
                    const original = row.original;
                    return (
                      <tr
                        className={BODY_ROW_CLASS}
                        data-with-row-border
                        data-hover
                        key={row.id}
                        data-index={index}
                        ref={virtual ? virtualizer.measureElement : undefined}
                        aria-rowindex={virtual ? index + 2 : undefined}
                        aria-selected={selectable ? row.getIsSelected() : undefined}
                        tabIndex={detail ? 0 : undefined}
                        style={detail ? { cursor: 'pointer' } : undefined}
                        onClick={detail ? (event: MouseEvent<HTMLTableRowElement>) => !fromControl(event) && openRow(original) : undefined}
                        onKeyDown={
                          detail
                            ? (event: KeyboardEvent<HTMLTableRowElement>) => {
                                if (event.key === 'Enter' && event.target === event.currentTarget) openRow(original);
                              }
                            : undefined
                        }
                      >
                        {row.getVisibleCells().map((cell, cellIndex) => {
                          const meta = cell.column.columnDef.meta as DataTableColumn<T>;
                          return (
                            <td key={cell.id} className={BODY_CELL_CLASS} style={meta.align ? { textAlign: meta.align } : undefined}>
                              <WithCheckbox
                                checkbox={
                                  selectable && cellIndex === 0 ? (
                                    <SelectCheckbox label={`Selecionar linha ${getRowLabel(original)}`} checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} />
                                  ) : null
                                }
                              >
                                {meta.cell(original)}
                              </WithCheckbox>
                            </td>
                          );
                        })}
                      </tr>
                    );
                  })}
                  {paddingBottom > 0 && (
                    <Table.Tr aria-hidden style={{ height: paddingBottom }}>
                      <Table.Td colSpan={visibleColumns.length} p={0} />
                    </Table.Tr>
                  )}
                </Table.Tbody>
                {hasTotals && (
                  <Table.Tfoot>
                    <Table.Tr data-totals fw={700}>
                      {visibleColumns.map((column, index) => {
                        const meta = column.columnDef.meta as DataTableColumn<T>;
                        const value = totals?.[meta.id];
                        const shown = value !== undefined && value !== null ? (meta.formatTotal ? meta.formatTotal(value) : String(value)) : index === 0 ? totalsLabel : null;
                        return (
                          <Table.Th key={column.id} scope={index === 0 ? 'row' : undefined} ta={meta.align}>
                            {shown}
                          </Table.Th>
                        );
                      })}
                    </Table.Tr>
                  </Table.Tfoot>
                )}
              </Table>
            </Box>
          </Paper>
        </>
      )}

      {pageInfo && !error && (onPageChange || onPageSizeChange) && (
        <Group component="nav" aria-label="Paginação" gap="sm" align="center" wrap="wrap">
          {onPageChange && (
            <>
              <Button variant="default" disabled={pageInfo.page <= 1 || loading} onClick={() => onPageChange(pageInfo.page - 1)}>
                Anterior
              </Button>
              <Text>{pageLabel(pageInfo)}</Text>
              <Button variant="default" disabled={!hasNextPage(pageInfo) || loading} onClick={() => onPageChange(pageInfo.page + 1)}>
                Próxima
              </Button>
            </>
          )}
          {onPageSizeChange && (
            <NativeSelect
              label="Por página"
              value={String(pageInfo.page_size)}
              data={pageSizes.map((size) => String(size))}
              onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
              style={{ display: 'flex', alignItems: 'center', gap: 8 }}
              styles={{ label: { marginBottom: 0 } }}
            />
          )}
        </Group>
      )}

      {detail && (
        <Drawer opened={opened !== null} onClose={closeDrawer} position="right" size="lg" title={opened ? detail.title(opened) : undefined} closeButtonProps={{ 'aria-label': 'Fechar' }}>
          {opened && (
            <Stack gap="lg">
              {detail.render(opened, closeDrawer)}
              {detail.history && (
                <Stack gap="xs">
                  <Title order={3} size="h4">
                    Histórico
                  </Title>
                  {detail.history(opened)}
                </Stack>
              )}
            </Stack>
          )}
        </Drawer>
      )}
    </Stack>
  );
}
