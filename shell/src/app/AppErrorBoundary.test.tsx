import { BackofficeProvider } from '@backoffice/ui';
import { render, screen } from '@testing-library/react';
import { AppErrorBoundary, isBot } from './AppErrorBoundary';

function Boom(): never {
  throw new Error('falhou');
}

describe('app error boundary', () => {
  it('recognises search-engine and preview bots', () => {
    expect(isBot('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(true);
    expect(isBot('WhatsApp/2.23.20.0')).toBe(true);
    expect(isBot('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36')).toBe(false);
  });
  it('shows the general error page (500) to people on an unhandled error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // jsdom reports errors thrown during render on window as well; the boundary handles them, so keep quiet.
    const quiet = (event: ErrorEvent) => event.preventDefault();
    window.addEventListener('error', quiet);
    render(
      <BackofficeProvider env="test">
        <AppErrorBoundary>
          <Boom />
        </AppErrorBoundary>
      </BackofficeProvider>,
    );
    expect(screen.getByText('Internal Server Error')).toBeTruthy();
    expect(screen.getByText('500')).toBeTruthy();
    window.removeEventListener('error', quiet);
  });
});
