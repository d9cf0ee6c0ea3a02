import { getGetLinkHistoryQueryKey, getGetSalesByMarketingLinkQueryKey, getSalesByMarketingLink, type SalesLinkFigures, getGetLinkVocabularyQueryKey, getLinkHistory, getLinkVocabulary, getListCampaignsQueryKey, getListLinksQueryKey, listCampaigns, listLinks, type ListLinksParams, type MarketingLink } from '@backoffice/api-client/endpoints';
import { downloadFile } from '@backoffice/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** One page of links with their counts; the previous page stays shown while the next one loads. */
export function useLinksQuery(query: ListLinksParams) {
  return useQuery({
    queryKey: getListLinksQueryKey(query),
    queryFn: ({ signal }) => listLinks(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** What each link sold (the sales context's report), by link id; a link absent from it sold nothing. */
export function useLinkFiguresQuery() {
  return useQuery({
    queryKey: getGetSalesByMarketingLinkQueryKey(),
    queryFn: ({ signal }) => getSalesByMarketingLink({ signal }),
    select: (rows: SalesLinkFigures[]) => new Map(rows.map((r) => [r.link_id, r])),
  });
}

/** The UTM vocabularies, campaign kinds and allowed hosts (they change rarely). */
export function useLinkVocabulary() {
  return useQuery({
    queryKey: getGetLinkVocabularyQueryKey(),
    queryFn: ({ signal }) => getLinkVocabulary({ signal }),
    staleTime: 5 * 60_000,
  });
}

export function useCampaignsQuery() {
  return useQuery({
    queryKey: getListCampaignsQueryKey(),
    queryFn: ({ signal }) => listCampaigns({ signal }),
  });
}

export function useLinkHistoryQuery(id: string) {
  return useQuery({
    queryKey: getGetLinkHistoryQueryKey(id),
    queryFn: ({ signal }) => getLinkHistory(id, { signal }),
  });
}

/** Downloads the link's QR code (drawn by the server) as `qr-<code>.png|svg`. */
export function downloadQr(link: MarketingLink, format: 'png' | 'svg'): Promise<string> {
  return downloadFile(`/api/v1/crm/links/${encodeURIComponent(link.id)}/qr`, { format }, `qr-${link.code}.${format}`);
}
