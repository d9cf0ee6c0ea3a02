import {
  acceptAllReconciliationMatches,
  acceptReconciliationMatch,
  getGetReconciliationOverviewQueryKey,
  getListReconciliationMatchesQueryKey,
  getListStatementLinesQueryKey,
  getReconciliationOverview,
  ignoreStatementLine,
  listReconciliationMatches,
  listStatementLines,
  runReconciliation,
  undoReconciliationMatch,
  uploadStatement,
  type ListStatementLinesParams,
  type ReconciliationAcceptedAll,
  type ReconciliationMatch,
  type ReconciliationRun,
  type StatementImport,
  type StatementLine,
} from '@backoffice/api-client/endpoints';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

/** SUGERIDA (the "Sugestões" tab), CONFIRMADA ("Conciliados"). */
export type MatchStatus = 'SUGERIDA' | 'CONFIRMADA';

export function useReconciliationOverview(accountId: string) {
  const params = { account_id: accountId };
  return useQuery({
    queryKey: getGetReconciliationOverviewQueryKey(params),
    queryFn: ({ signal }) => getReconciliationOverview(params, { signal }),
    enabled: Boolean(accountId),
  });
}

export function useStatementLines(params: ListStatementLinesParams) {
  return useQuery({
    queryKey: getListStatementLinesQueryKey(params),
    queryFn: ({ signal }) => listStatementLines(params, { signal }),
    enabled: Boolean(params.account_id),
    placeholderData: keepPreviousData,
  });
}

export function useReconciliationMatches(accountId: string, status: MatchStatus) {
  const params = { account_id: accountId, status };
  return useQuery({
    queryKey: getListReconciliationMatchesQueryKey(params),
    queryFn: ({ signal }) => listReconciliationMatches(params, { signal }),
    enabled: Boolean(accountId),
  });
}

/** Everything a reconciliation change touches: the cards, the lines and both tabs. */
function afterChange(queries: QueryClient) {
  void queries.invalidateQueries({ queryKey: getGetReconciliationOverviewQueryKey() });
  void queries.invalidateQueries({ queryKey: getListStatementLinesQueryKey() });
  void queries.invalidateQueries({ queryKey: getListReconciliationMatchesQueryKey() });
}

export function useUploadStatement() {
  const queries = useQueryClient();
  return useMutation<StatementImport, Error, { file: File; accountId: string }>({
    mutationFn: ({ file, accountId }) => uploadStatement({ file, account_id: accountId }),
    onSuccess: () => afterChange(queries),
  });
}

export function useRunReconciliation() {
  const queries = useQueryClient();
  return useMutation<ReconciliationRun, Error, string>({
    mutationFn: (accountId) => runReconciliation({ account_id: accountId }),
    onSuccess: () => afterChange(queries),
  });
}

export function useAcceptMatch() {
  const queries = useQueryClient();
  return useMutation<ReconciliationMatch, Error, string>({
    mutationFn: (id) => acceptReconciliationMatch(id),
    // A 409 ("Já conciliado por …") means the list is stale too.
    onSettled: () => afterChange(queries),
  });
}

export function useAcceptAll() {
  const queries = useQueryClient();
  return useMutation<ReconciliationAcceptedAll, Error, string>({
    mutationFn: (accountId) => acceptAllReconciliationMatches({ account_id: accountId, min_score: 90 }),
    onSettled: () => afterChange(queries),
  });
}

export function useUndoMatch() {
  const queries = useQueryClient();
  return useMutation<ReconciliationMatch, Error, { id: string; reason: string }>({
    mutationFn: ({ id, reason }) => undoReconciliationMatch(id, { reason }),
    onSettled: () => afterChange(queries),
  });
}

export function useIgnoreLine() {
  const queries = useQueryClient();
  return useMutation<StatementLine, Error, { id: string; reason: string }>({
    mutationFn: ({ id, reason }) => ignoreStatementLine(id, { reason }),
    onSettled: () => afterChange(queries),
  });
}
