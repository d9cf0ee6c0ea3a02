import { describe, expect, it } from 'vitest';
import { isAppShellFallback, runtimeCacheOf } from './runtimeCaches';

const origin = 'https://app.example';
const at = (path: string) => runtimeCacheOf(new URL(path, origin), origin);

describe('service worker run-time caches', () => {
  it('keep entries network-first and the remotes hashed chunks cache-first', () => {
    expect(at('/remotes/stock/remoteEntry.js')).toBe('entries');
    expect(at('/remotes/stock/mf-manifest.json')).toBe('entries');
    expect(at('/runtime-config.json')).toBe('entries');
    expect(at('/icons/icon-512.png')).toBe('entries');
    expect(at('/remotes/stock/counts.1a2b3c4d.js')).toBe('remote-chunks');
    expect(at('/remotes/stock/barcode.0badcafe.css')).toBe('remote-chunks');
  });

  it('leave out the API, the precached shell chunks and other origins', () => {
    expect(at('/api/v1/stock/counts')).toBeNull();
    expect(at('/api/v1/public/summary')).toBeNull();
    expect(at('/main.1a2b3c4d.js')).toBeNull();
    expect(runtimeCacheOf(new URL('https://cdn.example/remotes/stock/x.1a2b3c4d.js'), origin)).toBeNull();
  });

  it('never serve the CRM plugin page for another address', () => {
    expect(isAppShellFallback(new URL('/estoque/inventario?id=1', origin))).toBe(true);
    expect(isAppShellFallback(new URL('/crm/plugin', origin))).toBe(false);
  });
});
