import type { OpenConfirmModal } from '@mantine/modals';

/**
 * Confirmation modals, without `@mantine/modals` on the first load: its provider brings Mantine's Modal (scroll
 * area, focus trap, transitions, floating-ui), which no first page shows. The provider (ModalHost) mounts once
 * the page is idle (BackofficeProvider), or at once when a modal is asked for sooner. Mantine's `modals` API talks
 * to its provider through window events, which nobody hears before the provider listens: so a call here waits
 * for the host, then opens the modal.
 */
let hostListening: Promise<void> | undefined;
let markListening: (() => void) | undefined;
const hostRequests = new Set<() => void>();

function whenHostListens(): Promise<void> {
  hostListening ??= new Promise<void>((resolve) => (markListening = resolve));
  for (const request of hostRequests) request();
  return hostListening;
}

/** Called by ModalHost once its provider listens (its effects ran). */
export function modalHostListening(): void {
  whenHostListens();
  markListening?.();
}

/** BackofficeProvider's hook into "mount the host now" (a modal was asked for before the page went idle). */
export function onModalHostRequested(request: () => void): () => void {
  hostRequests.add(request);
  return () => hostRequests.delete(request);
}

const loadModals = () => import(/* webpackChunkName: "modals" */ '@mantine/modals');

/** Mantine's `modals`, for the calls the apps make; same arguments. */
export const modals = {
  openConfirmModal(props: OpenConfirmModal): void {
    Promise.all([whenHostListens(), loadModals()]).then(
      ([, mantine]) => mantine.modals.openConfirmModal(props),
      (error: unknown) => console.error('Confirmação não exibida.', error),
    );
  },
};
