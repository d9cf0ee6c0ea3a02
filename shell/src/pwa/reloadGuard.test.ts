import { isChunkLoadError, RELOAD_GUARD_WINDOW_MS, tryClaimReload } from './reloadGuard';

function memoryStore() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('chunk reload guard', () => {
  it('allows one reload per path per 10 s', () => {
    const store = memoryStore();
    expect(RELOAD_GUARD_WINDOW_MS).toBe(10_000);
    expect(tryClaimReload('/clientes', 1_000, store)).toBe(true);
    expect(tryClaimReload('/clientes', 5_000, store)).toBe(false);
    expect(tryClaimReload('/clientes', 10_999, store)).toBe(false);
    expect(tryClaimReload('/clientes', 11_000, store)).toBe(true);
  });
  it('counts each path separately', () => {
    const store = memoryStore();
    expect(tryClaimReload('/a', 0, store)).toBe(true);
    expect(tryClaimReload('/b', 1, store)).toBe(true);
    expect(tryClaimReload('/a', 2, store)).toBe(false);
  });
  it('recognises chunk-load errors only', () => {
    const chunk = new Error('Loading chunk 42 failed.');
    chunk.name = 'ChunkLoadError';
    expect(isChunkLoadError(chunk)).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk 7 failed. (error: x)'))).toBe(true);
    expect(isChunkLoadError(new Error('TypeError: x is undefined'))).toBe(false);
    expect(isChunkLoadError('Loading chunk')).toBe(false);
  });
});
