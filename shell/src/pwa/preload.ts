/** Route chunk preloading: after 1 s, at most 4 at a time, skipped on slow-2g. Failures raise `preload-error`. */
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

export function schedulePreload(tasks: Array<() => Promise<unknown>>): void {
  if (!preloadAllowed()) return;
  setTimeout(() => void runLimited(tasks), PRELOAD_DELAY_MS);
}
