import { setPwaState } from './pwaState';

/** Once dismissed, this local flag (value 'true') hides the install prompt for good. */
export const INSTALL_DISMISSED_KEY = 'pwa-install-dismissed';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: BeforeInstallPromptEvent | null = null;

export function installDismissed(store: Pick<Storage, 'getItem'> = localStorage): boolean {
  return store.getItem(INSTALL_DISMISSED_KEY) === 'true';
}

export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    if (!installDismissed()) setPwaState({ installPromptVisible: true });
  });
  window.addEventListener('appinstalled', () => setPwaState({ installPromptVisible: false }));
}

export async function acceptInstall(): Promise<void> {
  setPwaState({ installPromptVisible: false });
  if (!deferred) return;
  await deferred.prompt();
  await deferred.userChoice.catch(() => undefined);
  deferred = null;
}

export function dismissInstall(): void {
  localStorage.setItem(INSTALL_DISMISSED_KEY, 'true');
  setPwaState({ installPromptVisible: false });
}
