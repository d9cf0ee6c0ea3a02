import {
  getGetFunnelBoardQueryKey,
  getListOpportunitiesQueryKey,
  useCreateOpportunity,
  useGetFunnelBoard,
  useGetFunnelSettings,
  useGetOpportunityHistory,
  useListOpportunities,
  useLoseOpportunity,
  useMoveOpportunity,
  useUpdateOpportunity,
  type FunnelBoard,
  type GetFunnelBoardParams,
  type ListOpportunitiesParams,
  type Opportunity,
} from '@backoffice/api-client/endpoints';
import { useQueryClient } from '@tanstack/react-query';
import { moveCard } from './funnelModel';

export function useFunnelSettings() {
  return useGetFunnelSettings({ query: { staleTime: 5 * 60_000 } });
}

export function useBoard(params: GetFunnelBoardParams) {
  return useGetFunnelBoard(params, { query: { placeholderData: (previous) => previous } });
}

export function useOpportunityList(params: ListOpportunitiesParams, enabled = true) {
  return useListOpportunities(params, { query: { enabled, placeholderData: (previous) => previous } });
}

export function useOpportunityHistory(id: string) {
  return useGetOpportunityHistory(id);
}

/** Every change refreshes the boards, the lists and the histories (they share these prefixes). */
function useRefresh() {
  const queryClient = useQueryClient();
  const prefixes = [getGetFunnelBoardQueryKey()[0], getListOpportunitiesQueryKey()[0]].map(String);
  return () => void queryClient.invalidateQueries({ predicate: (q) => prefixes.some((p) => String(q.queryKey[0]).startsWith(p)) });
}

export function useOpportunityMutations() {
  const refresh = useRefresh();
  const options = { mutation: { onSuccess: refresh } };
  return {
    create: useCreateOpportunity(options),
    update: useUpdateOpportunity(options),
    lose: useLoseOpportunity(options),
  };
}

/**
 * A drag: the board shows the card in its new column at once; the server's answer (or its refusal, with the
 * board read again) settles it.
 */
export function useMoveCard(params: GetFunnelBoardParams) {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  const key = getGetFunnelBoardQueryKey(params);
  const move = useMoveOpportunity({ mutation: { onSettled: refresh } });
  return {
    isPending: move.isPending,
    moveTo: (card: Opportunity, stageId: string) => {
      const before = queryClient.getQueryData<FunnelBoard>(key);
      if (before) queryClient.setQueryData(key, moveCard(before, card, stageId));
      return move.mutateAsync({ id: card.id, data: { stage_id: stageId, version: card.version } }).catch((error: unknown) => {
        if (before) queryClient.setQueryData(key, before);
        throw error;
      });
    },
  };
}
