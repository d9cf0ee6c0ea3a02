import {
  agingReport,
  cashFlowReport,
  getAgingReportQueryKey,
  getCashFlowReportQueryKey,
  getListBankAccountsQueryKey,
  getReceiptsReportQueryKey,
  listBankAccounts,
  receiptsReport,
  type AgingReportParams,
  type CashFlowReportParams,
  type ReceiptsReportParams,
} from '@backoffice/api-client/endpoints';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** Where "Exportar XLSX" downloads each report from (the same parameters as the report). */
export const EXPORT_URLS = {
  recebimentos: '/api/v1/finance/reports/receipts/export',
  aging: '/api/v1/finance/reports/aging/export',
  fluxo: '/api/v1/finance/reports/cash-flow/export',
} as const;

export function useReceiptsReport(params: ReceiptsReportParams, enabled: boolean) {
  return useQuery({
    queryKey: getReceiptsReportQueryKey(params),
    queryFn: ({ signal }) => receiptsReport(params, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useAgingReport(params: AgingReportParams, enabled: boolean) {
  return useQuery({
    queryKey: getAgingReportQueryKey(params),
    queryFn: ({ signal }) => agingReport(params, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCashFlowReport(params: CashFlowReportParams, enabled: boolean) {
  return useQuery({
    queryKey: getCashFlowReportQueryKey(params),
    queryFn: ({ signal }) => cashFlowReport(params, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The company's bank accounts (the cash flow's "Conta"). */
export function useBankAccounts(enabled: boolean) {
  return useQuery({
    queryKey: getListBankAccountsQueryKey(),
    queryFn: ({ signal }) => listBankAccounts({ signal }),
    enabled,
  });
}
