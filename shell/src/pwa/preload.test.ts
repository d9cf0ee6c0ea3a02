// @vitest-environment jsdom
import { preloadAllowed, PRELOAD_CONCURRENCY, PRELOAD_DELAY_MS, runLimited, schedulePreload } from './preload';

describe('route chunk preloading', () => {
  it('waits 1 s and runs at most 4 at a time', async () => {
    expect(PRELOAD_DELAY_MS).toBe(1000);
    let running = 0;
    let peak = 0;
    const task = () => async () => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
    };
    await runLimited(Array.from({ length: 10 }, task));
    expect(peak).toBe(PRELOAD_CONCURRENCY);
    expect(PRELOAD_CONCURRENCY).toBe(4);
  });
  it('raises preload-error for a failed preload and keeps going', async () => {
    const seen: unknown[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent).detail);
    window.addEventListener('preload-error', listener);
    const after = vi.fn().mockResolvedValue(undefined);
    await runLimited([() => Promise.reject(new Error('chunk')), after], 1);
    window.removeEventListener('preload-error', listener);
    expect(seen).toHaveLength(1);
    expect(after).toHaveBeenCalled();
  });
  it('starts 1 s after the page is loaded and the browser idle, not before', () => {
    vi.useFakeTimers();
    try {
      const listeners = new Map<string, () => void>();
      let idleCallback: (() => void) | undefined;
      const fakeWindow = {
        navigator: {},
        document: { readyState: 'loading' },
        addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
        requestIdleCallback: (callback: () => void) => {
          idleCallback = callback;
          return 1;
        },
        setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
        clearTimeout: (id: number) => clearTimeout(id),
      } as unknown as Window;
      const task = vi.fn().mockResolvedValue(undefined);
      schedulePreload([task], undefined, fakeWindow);
      vi.advanceTimersByTime(5000);
      expect(task).not.toHaveBeenCalled();
      listeners.get('load')?.();
      vi.advanceTimersByTime(5000);
      expect(task).not.toHaveBeenCalled();
      idleCallback?.();
      vi.advanceTimersByTime(PRELOAD_DELAY_MS - 1);
      expect(task).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(task).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
  it("waits until the page's own requests are done, then 1 s", () => {
    vi.useFakeTimers();
    try {
      const fakeWindow = {
        navigator: {},
        document: { readyState: 'complete' },
        requestIdleCallback: (callback: () => void) => {
          callback();
          return 1;
        },
        setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
        clearTimeout: (id: number) => clearTimeout(id),
      } as unknown as Window;
      let inFlight = 1;
      const listeners = new Set<() => void>();
      const activity = { busy: () => inFlight > 0, subscribe: (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener)) };
      const changeRequests = (n: number) => {
        inFlight = n;
        for (const listener of listeners) listener();
      };
      const task = vi.fn().mockResolvedValue(undefined);
      schedulePreload([task], activity, fakeWindow);
      vi.advanceTimersByTime(5000);
      expect(task).not.toHaveBeenCalled();
      changeRequests(0);
      vi.advanceTimersByTime(PRELOAD_DELAY_MS - 100);
      changeRequests(1); // a request starts within the second: the wait starts again when it ends
      vi.advanceTimersByTime(5000);
      expect(task).not.toHaveBeenCalled();
      changeRequests(0);
      vi.advanceTimersByTime(PRELOAD_DELAY_MS);
      expect(task).toHaveBeenCalledTimes(1);
      expect(listeners.size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
  it('is skipped on slow-2g', () => {
    expect(preloadAllowed({ connection: { effectiveType: 'slow-2g' } } as unknown as Navigator)).toBe(false);
    expect(preloadAllowed({ connection: { effectiveType: '4g' } } as unknown as Navigator)).toBe(true);
    expect(preloadAllowed({} as Navigator)).toBe(true);
  });
});
