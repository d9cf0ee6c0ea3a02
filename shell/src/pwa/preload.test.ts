import { preloadAllowed, PRELOAD_CONCURRENCY, PRELOAD_DELAY_MS, runLimited } from './preload';

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
  it('is skipped on slow-2g', () => {
    expect(preloadAllowed({ connection: { effectiveType: 'slow-2g' } } as unknown as Navigator)).toBe(false);
    expect(preloadAllowed({ connection: { effectiveType: '4g' } } as unknown as Navigator)).toBe(true);
    expect(preloadAllowed({} as Navigator)).toBe(true);
  });
});
