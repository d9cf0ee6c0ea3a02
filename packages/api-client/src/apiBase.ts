/**
 * The API base rule of the seed: a page served on port 3000 (the dev server) talks to the same host on
 * port 3001; otherwise the runtime config's `apiBase` wins, and without one the page's own origin is used
 * (in the embedded default the server on 3001 serves both the apps and the API).
 */
export interface PageLocation {
  protocol: string;
  hostname: string;
  port: string;
  origin: string;
}

export const DEV_PAGE_PORT = '3000';
export const FALLBACK_API_PORT = '3001';

export function resolveApiBase(page: PageLocation, configuredBase: string | null | undefined): string {
  if (page.port === DEV_PAGE_PORT) {
    return `${page.protocol}//${page.hostname}:${FALLBACK_API_PORT}`;
  }
  if (configuredBase) {
    return configuredBase.replace(/\/+$/, '');
  }
  return page.origin;
}

export function joinUrl(base: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
