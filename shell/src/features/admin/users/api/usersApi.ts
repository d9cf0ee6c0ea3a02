/**
 * The users page's server calls (`/api/v1/users…`, `/api/v1/permissions`), in TanStack Query. Every change
 * refreshes the list, the user's permissions and their history.
 */
import { type ApiError } from '@backoffice/api-client';
import { createUser, deactivateUser, getUser, getUserHistory, getUserPermissions, listPermissions, listUsers, resetUserPassword, setUserPermission, updateUser, type CreateUserRequest, type HistoryEntry, type ListUsersParams, type PermissionDecision, type PermissionEntry, type UpdateUserRequest, type User, type UserPage, type UserPermissions } from '@backoffice/api-client/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export type { HistoryEntry, PermissionEntry, User, UserPage, UserPermissions };

const USERS = ['identity', 'users'] as const;

export function useUsers(params: ListUsersParams) {
  return useQuery<UserPage, ApiError>({
    queryKey: [...USERS, 'list', params],
    queryFn: ({ signal }) => listUsers(params, { signal }),
    placeholderData: (previous) => previous,
  });
}

/** One user, asked again after every change (the drawer keeps showing the row it was opened with otherwise). */
export function useUser(initial: User) {
  return useQuery<User, ApiError>({
    queryKey: [...USERS, initial.uid, 'detail'],
    queryFn: async ({ signal }) => {
      const [user] = await getUser(initial.uid, { signal });
      if (!user) throw new Error('Usuário não encontrado.');
      return user;
    },
    initialData: initial,
    staleTime: 0,
  });
}

export function usePermissionCatalog() {
  return useQuery<PermissionEntry[], ApiError>({
    queryKey: ['identity', 'permissions'],
    queryFn: ({ signal }) => listPermissions({ signal }),
    staleTime: 60_000,
  });
}

export function useUserPermissions(uid: string) {
  return useQuery<UserPermissions, ApiError>({
    queryKey: [...USERS, uid, 'permissions'],
    queryFn: ({ signal }) => getUserPermissions(uid, { signal }),
  });
}

export function useUserHistory(uid: string) {
  return useQuery<HistoryEntry[], ApiError>({
    queryKey: [...USERS, uid, 'history'],
    queryFn: ({ signal }) => getUserHistory(uid, { signal }),
  });
}

/** After any change: the list, and everything about users (permissions, history) is asked again. */
function useRefreshUsers() {
  const queries = useQueryClient();
  return () => queries.invalidateQueries({ queryKey: USERS });
}

export function useCreateUser() {
  const refresh = useRefreshUsers();
  return useMutation<User, ApiError, CreateUserRequest>({ mutationFn: (input) => createUser(input), onSuccess: refresh });
}

export function useUpdateUser(uid: string) {
  const refresh = useRefreshUsers();
  return useMutation<User, ApiError, UpdateUserRequest>({ mutationFn: (patch) => updateUser(uid, patch), onSuccess: refresh });
}

export function useDeactivateUser(uid: string) {
  const refresh = useRefreshUsers();
  return useMutation<User, ApiError, undefined>({ mutationFn: () => deactivateUser(uid), onSuccess: refresh });
}

export function useResetUserPassword(uid: string) {
  const refresh = useRefreshUsers();
  return useMutation<unknown, ApiError, string>({ mutationFn: (newPassword) => resetUserPassword(uid, { new_password: newPassword }), onSuccess: refresh });
}

export function useSetUserPermission(uid: string) {
  const refresh = useRefreshUsers();
  return useMutation<UserPermissions, ApiError, { code: string; decision: PermissionDecision; reason: string }>({
    mutationFn: ({ code, decision, reason }) => setUserPermission(uid, code, { decision, reason }),
    onSuccess: refresh,
  });
}
