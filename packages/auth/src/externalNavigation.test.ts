import { followRedirect } from './externalNavigation';

const origin = 'https://app.example.com';
const effects = () => ({ navigate: vi.fn(), assign: vi.fn() });

describe('route-rules redirects', () => {
  it('follows an internal target with the router', () => {
    const fx = effects();
    expect(followRedirect('/clientes?q=1', origin, fx)).toBe('internal');
    expect(fx.navigate).toHaveBeenCalledWith('/clientes?q=1');
    expect(fx.assign).not.toHaveBeenCalled();
  });
  it('treats a same-origin absolute URL as internal', () => {
    const fx = effects();
    expect(followRedirect(`${origin}/inicio`, origin, fx)).toBe('internal');
    expect(fx.navigate).toHaveBeenCalledWith('/inicio');
  });
  it('refuses an external target unless explicitly allowed', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fx = effects();
    expect(followRedirect('https://other.example/x', origin, fx)).toBe('refused');
    expect(fx.assign).not.toHaveBeenCalled();
    expect(followRedirect('//other.example/x', origin, fx)).toBe('refused');
  });
  it('does a full page load for an allowed external target', () => {
    const fx = effects();
    expect(followRedirect('https://other.example/x', origin, fx, true)).toBe('external');
    expect(fx.assign).toHaveBeenCalledWith('https://other.example/x');
    expect(fx.navigate).not.toHaveBeenCalled();
  });
});
