import { currentApiBase, getSessionHooks, joinUrl, toApiError } from '@backoffice/api-client';

export type DownloadParams = Record<string, string | number | boolean | null | undefined>;

/** `path?params`, leaving out empty values (an empty filter is no filter). */
export function urlWithParams(path: string, params: DownloadParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    query.append(key, String(value));
  }
  const text = query.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

/** The file name a `Content-Disposition` header gives (`filename*=UTF-8''…` preferred), or null. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)?'[^']*'([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain?.[2] ?? plain?.[1];
  return name ? name.trim() : null;
}

async function send(url: string): Promise<{ response: Response; withToken: boolean }> {
  const token = await getSessionHooks()?.getAccessToken();
  const headers = new Headers();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return { response: await fetch(url, { method: 'GET', headers }), withToken: Boolean(token) };
}

/**
 * Downloads a file from the API as the signed-in user (bearer token; one refresh on a 401, as the mutator does)
 * and saves it under the name the server's `Content-Disposition` gives. Resolves with that name; a refusal
 * rejects with the server's `ApiError` (its Portuguese message).
 */
export async function downloadFile(path: string, params: DownloadParams = {}, fallbackName = 'exportacao'): Promise<string> {
  const url = joinUrl(currentApiBase(), urlWithParams(path, params));
  const first = await send(url);
  let response = first.response;
  const hooks = getSessionHooks();
  if (response.status === 401 && first.withToken && hooks) {
    const refreshed = await hooks.refresh().catch(() => false);
    if (refreshed) response = (await send(url)).response;
    if (!refreshed || response.status === 401) await hooks.signOut();
  }
  if (!response.ok) throw await toApiError(response);
  const name = fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackName;
  saveBlob(await response.blob(), name);
  return name;
}

/** Hands a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = name;
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // Revoked after the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
