import { notifications } from '@mantine/notifications';

export type NotifyTone = 'info' | 'success' | 'error';

const COLORS: Record<NotifyTone, string> = { info: 'neutral', success: 'green', error: 'red' };
const TITLES: Record<NotifyTone, string | undefined> = { info: undefined, success: undefined, error: 'Não foi possível concluir' };

/** Shows a notification (top right, below the header; see BackofficeProvider). */
export function notify(text: string, tone: NotifyTone = 'info'): void {
  notifications.show({ message: text, color: COLORS[tone], title: TITLES[tone], withBorder: true });
}

/** The notifier for components (kept as a hook so pages do not depend on where notifications live). */
export function useNotify(): typeof notify {
  return notify;
}
