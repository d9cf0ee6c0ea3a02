export { DataTable, listTableProps } from './DataTable';
export type { DataTableProps } from './DataTable';
export type { DataTableColumn, DataTableDetail, DataTableExport, PageInfo, SortState } from './types';
export { useListParams, parseSort, formatSort, DEFAULT_PAGE_SIZES, TEXT_FILTER_DEBOUNCE_MS } from './useListParams';
export type { ListParams, ListParamsOptions } from './useListParams';
export { downloadFile, fileNameFromDisposition, urlWithParams, saveBlob } from './downloadFile';
export type { DownloadParams } from './downloadFile';
export { defaultCountLabel, defaultPageLabel, hasNextPage, selectedLabel } from './paging';
export { DateFilterInput } from './DateFilterInput';
