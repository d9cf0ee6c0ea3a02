/**
 * The bell's server calls: orval's generated TanStack Query hooks for the system notifications endpoints
 * (`GET /api/v1/system/notifications`, `POST …/{id}/read`, `POST …/read-all`), with the bell's polling and
 * optimistic "read" on top.
 */
import { getListNotificationsQueryKey, useListNotifications, useMarkAllNotificationsRead, useMarkNotificationRead, type Notification, type NotificationPage } from '@backoffice/api-client/endpoints';
import { useQueryClient } from '@tanstack/react-query';

export type { Notification, NotificationPage };

/** How many the dropdown lists (newest first); the unread count covers them all. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** The bell asks again every minute (and when the window regains focus). */
export const NOTIFICATIONS_POLL_MS = 60_000;

const PARAMS = { page: 1, page_size: NOTIFICATIONS_PAGE_SIZE };
/** The bell's page of notifications in the query cache. */
export const NOTIFICATIONS_KEY = getListNotificationsQueryKey(PARAMS);
/** Every cached page of notifications (a prefix of the keys). */
const ALL_NOTIFICATIONS = getListNotificationsQueryKey();

export function useNotifications(enabled: boolean) {
  return useListNotifications(PARAMS, {
    query: { enabled, refetchInterval: NOTIFICATIONS_POLL_MS, refetchOnWindowFocus: true, staleTime: 15_000 },
  });
}

/** Marks one read: the list shows it read at once (optimistic), then the server's answer is kept. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMarkNotificationRead({
    mutation: {
      onMutate: async ({ id }) => {
        await queryClient.cancelQueries({ queryKey: ALL_NOTIFICATIONS });
        const previous = queryClient.getQueryData<NotificationPage>(NOTIFICATIONS_KEY);
        if (previous) queryClient.setQueryData(NOTIFICATIONS_KEY, markedRead(previous, (n) => n.id === id, new Date().toISOString()));
        return { previous };
      },
      onError: (_error, _variables, context) => {
        if (context?.previous) queryClient.setQueryData(NOTIFICATIONS_KEY, context.previous);
      },
      onSettled: () => queryClient.invalidateQueries({ queryKey: ALL_NOTIFICATIONS }),
    },
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMarkAllNotificationsRead({
    mutation: {
      onSuccess: ({ read_at }) => {
        const previous = queryClient.getQueryData<NotificationPage>(NOTIFICATIONS_KEY);
        if (previous) queryClient.setQueryData(NOTIFICATIONS_KEY, markedRead(previous, () => true, read_at));
      },
      onSettled: () => queryClient.invalidateQueries({ queryKey: ALL_NOTIFICATIONS }),
    },
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
