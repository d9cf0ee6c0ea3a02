/** Push message: notification (title, body, icon) and data (url), with the seed's defaults. */
export interface PushPayload {
  notification?: { title?: string; body?: string; icon?: string };
  data?: { url?: string };
}

export const NOTIFICATION_DEFAULTS = { title: 'Título', body: 'Corpo da notificação', icon: '/favicon.ico' } as const;

export function notificationFromPush(payload: PushPayload): { title: string; options: NotificationOptions } {
  const n = payload.notification ?? {};
  return {
    title: n.title || NOTIFICATION_DEFAULTS.title,
    options: {
      body: n.body || NOTIFICATION_DEFAULTS.body,
      icon: n.icon || NOTIFICATION_DEFAULTS.icon,
      data: { url: payload.data?.url ?? null },
    },
  };
}
