import { checkForWorkerUpdate, SW_UPDATE_CHECK_MS } from './registerServiceWorker';

const registration = (installing: unknown = null) => ({ installing: installing as ServiceWorker | null, update: vi.fn().mockResolvedValue(undefined) });

describe('service worker update check', () => {
  it('runs every 20 s', () => expect(SW_UPDATE_CHECK_MS).toBe(20_000));
  it('re-fetches /sw.js with caching disabled and asks for an update on 200', async () => {
    const reg = registration();
    const fetchImpl = vi.fn().mockResolvedValue(new Response('', { status: 200 }));
    await expect(checkForWorkerUpdate(reg, fetchImpl, true)).resolves.toBe(true);
    expect(fetchImpl).toHaveBeenCalledWith('/sw.js', expect.objectContaining({ cache: 'no-store' }));
    expect(reg.update).toHaveBeenCalledTimes(1);
  });
  it('does not update on another status', async () => {
    const reg = registration();
    await checkForWorkerUpdate(reg, vi.fn().mockResolvedValue(new Response('', { status: 404 })), true);
    expect(reg.update).not.toHaveBeenCalled();
  });
  it('does nothing offline or while a worker is installing', async () => {
    const fetchImpl = vi.fn();
    await checkForWorkerUpdate(registration(), fetchImpl, false);
    await checkForWorkerUpdate(registration({}), fetchImpl, true);
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
