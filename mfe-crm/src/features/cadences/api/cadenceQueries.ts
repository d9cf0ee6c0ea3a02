import {
  getListCadencesQueryKey,
  useCreateCadence,
  useEndEnrollment,
  useEnrollClients,
  useGetCadence,
  useListCadenceEnrollments,
  useListCadences,
  usePauseEnrollment,
  useResumeEnrollment,
  useSimulateCadence,
  useUpdateCadence,
  type ListCadenceEnrollmentsParams,
} from '@backoffice/api-client/endpoints';
import { useQueryClient } from '@tanstack/react-query';

export { useListCadences as useCadences, useGetCadence as useCadence };

export function useEnrollments(id: string, params: ListCadenceEnrollmentsParams) {
  return useListCadenceEnrollments(id, params);
}

/** Every change refreshes the cadences (their metrics) and their enrollments. */
export function useCadenceMutations() {
  const queryClient = useQueryClient();
  // `/api/v1/crm/cadences`, `/api/v1/crm/cadences/{id}` and `/api/v1/crm/cadences/{id}/enrollments` share it.
  const prefix = String(getListCadencesQueryKey()[0]);
  const refresh = () => void queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(prefix) });
  const options = { mutation: { onSuccess: refresh } };
  return {
    create: useCreateCadence(options),
    update: useUpdateCadence(options),
    enroll: useEnrollClients(options),
    pause: usePauseEnrollment(options),
    resume: useResumeEnrollment(options),
    end: useEndEnrollment(options),
    simulate: useSimulateCadence(),
  };
}
