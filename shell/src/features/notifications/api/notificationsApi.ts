/**
 * The bell's server calls: the orval-generated functions of the system notifications endpoints
 * (`GET /api/v1/system/notifications`, `POST …/{id}/read`, `POST …/read-all`), wrapped in TanStack Query.
 * orval generates plain fetch functions here (no query hooks), and the api-client does not re-export them yet,
 * so they are imported from the generated module: in the shell that module and its mutator are the same
 * instances as the shared `@backoffice/api-client` singleton the shell provides (one build, one module cache),
 * so the calls carry the session's token.
 */
import type { Notification, NotificationPage } from '@backoffice/api-client/src/generated/model';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from '@backoffice/api-client/src/generated/system/system';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export type { Notification, NotificationPage };

export const NOTIFICATIONS_KEY = ['system', 'notifications'] as const;
/** How many the dropdown lists (newest first); the unread count covers them all. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** The bell asks again every minute (and when the window regains focus). */
export const NOTIFICATIONS_POLL_MS = 60_000;

export function useNotificationsQuery(enabled: boolean) {
  return useQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: () => listNotifications({ page: 1, page_size: NOTIFICATIONS_PAGE_SIZE }),
    enabled,
    refetchInterval: NOTIFICATIONS_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 15_000,
  });
}

/** Marks one read: the list shows it read at once (optimistic), then the server's answer is kept. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => markNotificationRead(id),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: NOTIFICATIONS_KEY });
      const previous = queryClient.getQueryData<NotificationPage>(NOTIFICATIONS_KEY);
      if (previous) queryClient.setQueryData(NOTIFICATIONS_KEY, markedRead(previous, (n) => n.id === id, new Date().toISOString()));
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(NOTIFICATIONS_KEY, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markAllNotificationsRead(),
    onSuccess: ({ read_at }) => {
      const previous = queryClient.getQueryData<NotificationPage>(NOTIFICATIONS_KEY);
      if (previous) queryClient.setQueryData(NOTIFICATIONS_KEY, markedRead(previous, () => true, read_at));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

/** The page with the matching unread notifications read at `readAt`, and the unread count lowered to match. */
export function markedRead(page: NotificationPage, which: (n: Notification) => boolean, readAt: string): NotificationPage {
  let changed = 0;
  const items = page.items.map((n) => {
    if (n.read_at || !which(n)) return n;
    changed += 1;
    return { ...n, read_at: readAt };
  });
  return { ...page, items, unread: Math.max(0, page.unread - changed) };
}
