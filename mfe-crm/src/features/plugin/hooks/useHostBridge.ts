import { useCallback, useEffect, useRef } from 'react';
import { CHATWOOT_FETCH_INFO, chatwootContext } from '../contract/chatwoot';
import { acceptHostMessage, pluginMessageOf, type HostMessage, type PluginMessage } from '../contract/messages';

export interface HostBridge {
  /** Sends a contract message to the host's origin (validated; never to `*`). */
  send: (message: PluginMessage) => void;
  /** Chatwoot only: asks the host for its context again (`chatwoot-dashboard-app:fetch-info`). */
  requestContext: () => void;
}

/**
 * The plugin's side of the channel with an allowed host: listens for the host's messages (parent window, host
 * origin, 64 KB, schema, known types — and, with `chatwoot`, Chatwoot's `appContext` mapped to `crm:context`) and
 * posts only to `origin`.
 */
export function useHostBridge(origin: string, chatwoot: boolean, onMessage: (message: HostMessage) => void): HostBridge {
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  }, [onMessage]);

  useEffect(() => {
    const host = { origin, parent: window.parent };
    const listener = (event: MessageEvent) => {
      const message = acceptHostMessage(event, host);
      if (message) {
        handler.current(message);
        return;
      }
      if (chatwoot) {
        const context = chatwootContext(event, host);
        if (context) handler.current({ type: 'crm:context', payload: context });
      }
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [origin, chatwoot]);

  const send = useCallback((message: PluginMessage) => window.parent.postMessage(pluginMessageOf(message), origin), [origin]);
  const requestContext = useCallback(() => {
    if (chatwoot) window.parent.postMessage(CHATWOOT_FETCH_INFO, origin);
  }, [chatwoot, origin]);
  return { send, requestContext };
}
