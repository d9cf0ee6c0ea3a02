import {
  getListTeamsQueryKey,
  useAddTeamMember,
  useArchiveTeam,
  useCreateTeam,
  useDistributeTeamTargets,
  useEndTeamMembership,
  useGetTeam,
  useGetTeamHistory,
  useListTeams,
  useSetTeamTargets,
  useUpdateTeam,
} from '@backoffice/api-client/endpoints';
import { useQueryClient } from '@tanstack/react-query';

export function useTeams(month: string) {
  return useListTeams({ month });
}

export function useTeam(id: string, month: string) {
  return useGetTeam(id, { month });
}

export function useTeamHistory(id: string) {
  return useGetTeamHistory(id);
}

/** Every change to a team refreshes the lists, the team and its history. */
export function useTeamMutations() {
  const queryClient = useQueryClient();
  // The list, every team and every team history share this prefix.
  const prefix = getListTeamsQueryKey()[0];
  const refresh = () => void queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(prefix) });
  const options = { mutation: { onSuccess: refresh } };
  return {
    create: useCreateTeam(options),
    update: useUpdateTeam(options),
    archive: useArchiveTeam(options),
    addMember: useAddTeamMember(options),
    endMembership: useEndTeamMembership(options),
    setTargets: useSetTeamTargets(options),
    distribute: useDistributeTeamTargets(options),
  };
}
