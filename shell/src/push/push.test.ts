import type { FcmConfig } from '@backoffice/auth';
import { registerPush, type PushDeps } from './push';

const fcm: FcmConfig = { vapidKey: 'v', messagingSenderId: 's', appId: 'a' };
const deps = (overrides: Partial<PushDeps> = {}): PushDeps => ({
  supported: () => true,
  requestPermission: vi.fn().mockResolvedValue('granted'),
  getToken: vi.fn().mockResolvedValue('token-1'),
  saveToken: vi.fn().mockResolvedValue(undefined),
  log: vi.fn(),
  ...overrides,
});

describe('push registration after sign-in', () => {
  it('asks permission, gets the FCM token and saves it', async () => {
    const d = deps();
    await expect(registerPush(fcm, d)).resolves.toBe('token-1');
    expect(d.requestPermission).toHaveBeenCalled();
    expect(d.saveToken).toHaveBeenCalledWith('token-1');
  });
  it('no permission → token null, nothing saved', async () => {
    const d = deps({ requestPermission: vi.fn().mockResolvedValue('denied') });
    await expect(registerPush(fcm, d)).resolves.toBeNull();
    expect(d.getToken).not.toHaveBeenCalled();
    expect(d.saveToken).not.toHaveBeenCalled();
  });
  it('no push support → logs that push is unavailable', async () => {
    const d = deps({ supported: () => false });
    await expect(registerPush(fcm, d)).resolves.toBeNull();
    expect(d.log).toHaveBeenCalledWith(expect.stringContaining('indisponíveis'));
    expect(d.requestPermission).not.toHaveBeenCalled();
  });
  it('a failure to save is logged and ignored', async () => {
    const d = deps({ saveToken: vi.fn().mockRejectedValue(new Error('500')) });
    await expect(registerPush(fcm, d)).resolves.toBeNull();
    expect(d.log).toHaveBeenCalledWith(expect.any(String), expect.any(Error));
  });
  it('without FCM configured there is no token', async () => {
    const d = deps();
    await expect(registerPush(null, d)).resolves.toBeNull();
    expect(d.saveToken).not.toHaveBeenCalled();
  });
});
