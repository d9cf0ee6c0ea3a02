import type { RemoteName } from '@backoffice/auth';

/**
 * Loads a remote at run time from the URL in the runtime config, so a remote moves or is redeployed without a
 * shell rebuild. This is webpack's documented dynamic-remote protocol: load remoteEntry.js, initialise the
 * shared scope, then ask the container for a module.
 */
declare const __webpack_init_sharing__: (scope: string) => Promise<void>;
declare const __webpack_share_scopes__: { default: unknown };

interface Container {
  init(shareScope: unknown): Promise<void> | void;
  get(module: string): Promise<() => unknown>;
}

/** The global each remote's container is published under (its ModuleFederationPlugin `name`). */
export const containerGlobal = (remote: RemoteName) => `mfe_${remote}`;

const containers = new Map<RemoteName, Promise<Container>>();

function injectScript(url: string, remote: RemoteName): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.remote = remote;
    script.onload = () => resolve();
    script.onerror = () => {
      // Removed so that "Tentar novamente" really fetches again.
      script.remove();
      reject(new Error(`Não foi possível carregar a área "${remote}" (${url}).`));
    };
    document.head.appendChild(script);
  });
}

async function loadContainer(remote: RemoteName, url: string): Promise<Container> {
  await injectScript(url, remote);
  const container = (window as unknown as Record<string, Container | undefined>)[containerGlobal(remote)];
  if (!container) throw new Error(`A área "${remote}" não publicou seu módulo.`);
  await __webpack_init_sharing__('default');
  await container.init(__webpack_share_scopes__.default);
  return container;
}

export function getContainer(remote: RemoteName, url: string): Promise<Container> {
  let pending = containers.get(remote);
  if (!pending) {
    pending = loadContainer(remote, url);
    containers.set(remote, pending);
    // A failed load is forgotten so the next attempt starts over.
    pending.catch(() => containers.delete(remote));
  }
  return pending;
}

export async function loadRemoteModule<T>(remote: RemoteName, url: string, module: string): Promise<T> {
  const container = await getContainer(remote, url);
  const factory = await container.get(module);
  return factory() as T;
}
