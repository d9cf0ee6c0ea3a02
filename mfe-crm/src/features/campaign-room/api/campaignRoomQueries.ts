import { getCampaignRoom, getGetCampaignRoomQueryKey } from '@backoffice/api-client/endpoints';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** How often the room is read again: the rule allows polling at most every 30 s (no server push). */
export const REFRESH_MS = 30_000;

/** The room of `campaign` (the running Black Friday when null), read again every 30 s while the screen is on. */
export function useCampaignRoom(campaign: string | null) {
  const params = campaign ? { campaign } : undefined;
  return useQuery({
    queryKey: getGetCampaignRoomQueryKey(params),
    queryFn: ({ signal }) => getCampaignRoom(params, { signal }),
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: true,
    placeholderData: keepPreviousData,
  });
}
