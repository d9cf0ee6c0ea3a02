/**
 * Route preloading by files: the build writes into index.html the files of each lazy shell page and of the frame
 * (`<script type="application/json" id="route-files">`, shell/webpack.config.cjs RouteFilesPlugin). Fetching them
 * puts them in the HTTP cache (hashed files, cached for a year) without parsing or running anything: opening the
 * page later costs no download, and preloading costs the page on screen nothing on the main thread — importing
 * the modules would run them (zod's classic API alone took ~150 ms of a slow phone's main thread).
 */
export type RouteFiles = Record<string, string[]>;

export function readRouteFiles(doc: Document = document): RouteFiles {
  const text = doc.getElementById('route-files')?.textContent;
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as RouteFiles) : {};
  } catch {
    return {};
  }
}

/**
 * The files the page has already loaded (the startup chunks every route also lists): fetching them again would
 * only add requests.
 */
export function loadedFiles(perf: Pick<Performance, 'getEntriesByType'> = performance): Set<string> {
  return new Set(perf.getEntriesByType('resource').map((entry) => new URL(entry.name, location.href).pathname));
}

/**
 * Fetches the files of a route not fetched yet (`seen`: what the page loaded and earlier preloads fetched; the
 * body is read, so the cache keeps it); a failed one rejects.
 */
export async function prefetchFiles(files: readonly string[], seen: Set<string>, fetchImpl: typeof fetch = fetch): Promise<void> {
  const fresh = files.filter((file) => !seen.has(file));
  for (const file of fresh) seen.add(file);
  await Promise.all(
    fresh.map(async (file) => {
      const response = await fetchImpl(file, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`Pré-carregamento falhou: ${file} (${response.status}).`);
      await response.arrayBuffer();
    }),
  );
}
