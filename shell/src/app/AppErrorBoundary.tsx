import { ErrorPage } from '@backoffice/ui/host';
import { Component, type ErrorInfo, type ReactNode } from 'react';

const BOT_PATTERN = /bot|crawler|spider|slurp|facebookexternalhit|embedly|preview|whatsapp|telegram/i;

/** Search-engine and preview bots get the page without an error screen; people get the general error page. */
export function isBot(userAgent: string): boolean {
  return BOT_PATTERN.test(userAgent);
}

interface State {
  error: unknown;
}

export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Erro não tratado na aplicação.', error, info.componentStack);
  }

  override render() {
    if (this.state.error && !isBot(navigator.userAgent)) return <ErrorPage status={500} />;
    return this.props.children;
  }
}
