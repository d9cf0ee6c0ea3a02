import { getGetLinkHistoryQueryKey, getListCampaignsQueryKey, getListLinksQueryKey, useArchiveLink, useCreateCampaign, useCreateLink, useDeleteCampaign, useDuplicateLink, useUpdateCampaign, useUpdateLink, type MarketingLink } from '@backoffice/api-client/endpoints';
import { useQueryClient } from '@tanstack/react-query';

/** Links and campaigns: orval's mutation hooks, each refreshing the lists (and the link's history) it changes. */
export function useLinkMutations() {
  const queryClient = useQueryClient();
  const linkSaved = (link: MarketingLink) => {
    void queryClient.invalidateQueries({ queryKey: getListLinksQueryKey() });
    void queryClient.invalidateQueries({ queryKey: getGetLinkHistoryQueryKey(link.id) });
  };
  const campaignsChanged = () => {
    void queryClient.invalidateQueries({ queryKey: getListCampaignsQueryKey() });
  };
  return {
    create: useCreateLink({ mutation: { onSuccess: linkSaved } }),
    update: useUpdateLink({ mutation: { onSuccess: linkSaved } }),
    duplicate: useDuplicateLink({ mutation: { onSuccess: linkSaved } }),
    archive: useArchiveLink({ mutation: { onSuccess: linkSaved } }),
    createCampaign: useCreateCampaign({ mutation: { onSuccess: campaignsChanged } }),
    updateCampaign: useUpdateCampaign({ mutation: { onSuccess: campaignsChanged } }),
    deleteCampaign: useDeleteCampaign({ mutation: { onSuccess: campaignsChanged } }),
  };
}
