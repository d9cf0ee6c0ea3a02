export type NotifyTone = 'info' | 'success' | 'error';

const COLORS: Record<NotifyTone, string> = { info: 'neutral', success: 'green', error: 'red' };
const TITLES: Record<NotifyTone, string | undefined> = { info: undefined, success: undefined, error: 'Não foi possível concluir' };

// `@mantine/notifications` is not part of the first load (see BackofficeProvider): the first toast fetches it.
// Every call waits for the same promise, so toasts asked for before it arrives come out in order.
let mantineNotifications: Promise<typeof import('@mantine/notifications')> | undefined;
const loadNotifications = () => (mantineNotifications ??= import(/* webpackChunkName: "toasts" */ '@mantine/notifications'));

/** Shows a notification (top right, below the header; see BackofficeProvider). */
export function notify(text: string, tone: NotifyTone = 'info'): void {
  loadNotifications().then(
    ({ notifications }) => notifications.show({ message: text, color: COLORS[tone], title: TITLES[tone], withBorder: true }),
    (error: unknown) => console.error('Notificação não exibida:', text, error),
  );
}

/** The notifier for components (kept as a hook so pages do not depend on where notifications live). */
export function useNotify(): typeof notify {
  return notify;
}
