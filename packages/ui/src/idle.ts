/**
 * Runs `callback` once the page has loaded and the browser is idle: for work the page on screen does not need
 * (registering the service worker, preloading the next routes, mounting the modals' provider), which must not
 * compete with it for the network or the main thread. Without requestIdleCallback (Safari), `fallbackMs` after
 * the load event. Returns a function that cancels it.
 *
 * A module of its own, without imports: the shell's start-up code reaches it as `@backoffice/ui/idle` without
 * pulling in the UI library.
 */
export function whenPageIdle(
  callback: () => void,
  { timeout = 5000, fallbackMs = 1000, win = window }: { timeout?: number; fallbackMs?: number; win?: Window } = {},
): () => void {
  let timer = 0;
  let idle = 0;
  const start = () => {
    if (typeof win.requestIdleCallback === 'function') idle = win.requestIdleCallback(() => callback(), { timeout });
    else timer = win.setTimeout(callback, fallbackMs);
  };
  if (win.document.readyState === 'complete') start();
  else win.addEventListener('load', start, { once: true });
  return () => {
    win.removeEventListener('load', start);
    if (idle && typeof win.cancelIdleCallback === 'function') win.cancelIdleCallback(idle);
    if (timer) win.clearTimeout(timer);
  };
}
