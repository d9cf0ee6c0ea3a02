import { saveFcmToken } from '@backoffice/api-client/endpoints';
import type { FcmConfig, RuntimeConfig } from '@backoffice/auth';

/**
 * After sign-in: ask notification permission, get a token (FCM when the runtime config has `fcm`) and save it.
 * No permission → token null; no push support → logged; every failure is logged and ignored.
 */
export interface PushDeps {
  supported: () => boolean;
  requestPermission: () => Promise<NotificationPermission>;
  getToken: (fcm: FcmConfig) => Promise<string | null>;
  saveToken: (token: string) => Promise<unknown>;
  log: (message: string, error?: unknown) => void;
}

export async function obtainPushToken(fcm: FcmConfig | null, deps: PushDeps): Promise<string | null> {
  if (!deps.supported()) {
    deps.log('Notificações push indisponíveis neste navegador.');
    return null;
  }
  const permission = await deps.requestPermission();
  if (permission !== 'granted') return null;
  if (!fcm) {
    deps.log('Notificações push indisponíveis: FCM não configurado.');
    return null;
  }
  return deps.getToken(fcm);
}

export async function registerPush(fcm: FcmConfig | null, deps: PushDeps): Promise<string | null> {
  try {
    const token = await obtainPushToken(fcm, deps);
    if (token) await deps.saveToken(token);
    return token;
  } catch (error) {
    deps.log('Falha ao registrar o token de notificações.', error);
    return null;
  }
}

async function getFcmToken(fcm: FcmConfig, config: RuntimeConfig): Promise<string | null> {
  const [{ initializeApp, getApps }, messaging] = await Promise.all([import('firebase/app'), import('firebase/messaging')]);
  const projectId = config.auth.provider === 'firebase' ? config.auth.projectId : undefined;
  const app = getApps()[0] ?? initializeApp({ projectId, messagingSenderId: fcm.messagingSenderId, appId: fcm.appId });
  const registration = await navigator.serviceWorker.ready;
  return messaging.getToken(messaging.getMessaging(app), { vapidKey: fcm.vapidKey, serviceWorkerRegistration: registration });
}

export function browserPushDeps(config: RuntimeConfig): PushDeps {
  return {
    supported: () => 'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window,
    requestPermission: () => Notification.requestPermission(),
    getToken: (fcm) => getFcmToken(fcm, config),
    saveToken: (token) => saveFcmToken(token),
    log: (message, error) => (error ? console.warn(message, error) : console.info(message)),
  };
}
