import { whenPageIdle } from '@backoffice/ui/idle';

/**
 * Route chunk preloading: 1 s after the page is up (loaded, the browser idle, none of its requests in flight), at
 * most 4 at a time, skipped on slow-2g. Failures raise `preload-error`. Counting the second from the page being up,
 * not from the start: a preload is for the next page, and parsing the next pages' code while this one still
 * fetches and renders its data would slow it down.
 */
export const PRELOAD_DELAY_MS = 1000;
export const PRELOAD_CONCURRENCY = 4;

interface NetworkInformationLike {
  effectiveType?: string;
  saveData?: boolean;
}

export function preloadAllowed(nav: Navigator = navigator): boolean {
  const connection = (nav as Navigator & { connection?: NetworkInformationLike }).connection;
  return connection?.effectiveType !== 'slow-2g';
}

export async function runLimited(tasks: Array<() => Promise<unknown>>, limit = PRELOAD_CONCURRENCY): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next];
      next += 1;
      if (!task) continue;
      try {
        await task();
      } catch (error) {
        window.dispatchEvent(new CustomEvent('preload-error', { detail: error }));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}

/** The page's own requests (the app's query client): whether one is in flight, and a signal when that changes. */
export interface PageActivity {
  busy(): boolean;
  subscribe(listener: () => void): () => void;
}

export function schedulePreload(tasks: Array<() => Promise<unknown>>, activity?: PageActivity, win: Window = window): void {
  if (!preloadAllowed(win.navigator)) return;
  whenPageIdle(() => afterQuietDelay(activity, win, () => void runLimited(tasks)), { win });
}

/** Runs `run` once PRELOAD_DELAY_MS pass with no request in flight; a request starting meanwhile restarts the wait. */
function afterQuietDelay(activity: PageActivity | undefined, win: Window, run: () => void): void {
  let timer: number | undefined;
  let unsubscribe = () => {};
  const check = () => {
    if (activity?.busy()) {
      if (timer !== undefined) win.clearTimeout(timer);
      timer = undefined;
    } else if (timer === undefined) {
      timer = win.setTimeout(() => {
        unsubscribe();
        run();
      }, PRELOAD_DELAY_MS);
    }
  };
  if (activity) unsubscribe = activity.subscribe(check);
  check();
}
