// @vitest-environment jsdom
import { dismissInstall, INSTALL_DISMISSED_KEY, installDismissed, listenForInstallPrompt } from './installPrompt';
import { getPwaState } from './pwaState';

describe('install prompt', () => {
  beforeEach(() => localStorage.clear());

  it('is shown on beforeinstallprompt, and dismissing stores the local flag "true" that hides it for good', () => {
    listenForInstallPrompt();
    window.dispatchEvent(new Event('beforeinstallprompt'));
    expect(getPwaState().installPromptVisible).toBe(true);
    dismissInstall();
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).toBe('true');
    expect(installDismissed()).toBe(true);
    expect(getPwaState().installPromptVisible).toBe(false);
    window.dispatchEvent(new Event('beforeinstallprompt'));
    expect(getPwaState().installPromptVisible).toBe(false);
  });
});
