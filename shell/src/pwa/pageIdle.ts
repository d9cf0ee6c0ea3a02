/**
 * Runs `callback` once the page has loaded and the browser is idle: for work the page on screen does not need
 * (registering the service worker, preloading the next routes), which must not compete with it for the network
 * or the main thread. Without requestIdleCallback (Safari), 1 s after the load event.
 */
export function whenPageIdle(callback: () => void, win: Window = window): void {
  const idle = () => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(() => callback(), { timeout: 5000 });
    else win.setTimeout(callback, 1000);
  };
  if (win.document.readyState === 'complete') idle();
  else win.addEventListener('load', idle, { once: true });
}
