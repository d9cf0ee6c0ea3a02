#!/usr/bin/env node
/**
 * A stand-in for how the backoffice server serves the web (shell/dist at / with SPA fallback, each remote's
 * dist at /remotes/<name>/), for checking the built apps without the Rust server. It serves no API.
 * Usage: node scripts/web-static-server.mjs [port]
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const port = Number(process.argv[2] ?? 3005);
const TYPES = { '.js': 'text/javascript', '.json': 'application/json', '.html': 'text/html; charset=utf-8', '.css': 'text/css',
  '.png': 'image/png', '.ico': 'image/x-icon', '.webmanifest': 'application/manifest+json', '.txt': 'text/plain' };
const NOT_SPA = /^\/(api|fcm-subscriptions|dispatch|healthz|readyz|remotes)(\/|$)/;

function fileFor(pathname) {
  const remote = pathname.match(/^\/remotes\/(finance|crm|stock|purchasing)\/(.*)$/);
  const base = remote ? join(root, `mfe-${remote[1]}`, 'dist') : join(root, 'shell', 'dist');
  const rel = normalize(remote ? remote[2] : pathname).replace(/^(\.\.[/\\])+/, '');
  const file = join(base, rel);
  return file.startsWith(base) && existsSync(file) && statSync(file).isFile() ? file : null;
}

createServer((req, res) => {
  const { pathname } = new URL(req.url ?? '/', 'http://x');
  let file = fileFor(decodeURIComponent(pathname));
  if (!file && !NOT_SPA.test(pathname)) file = join(root, 'shell', 'dist', 'index.html');
  if (!file) {
    res.writeHead(404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ code: 'nao_encontrado', message: 'Não encontrado' }));
    return;
  }
  const noCache = /(index\.html|sw\.js|remoteEntry\.js|runtime-config\.json|latest\.json)$/.test(file);
  const headers = { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': noCache ? 'no-cache' : 'public, max-age=31536000, immutable' };
  let body = readFileSync(file);
  // Compressed like a production server would send it (the size budgets are gzip sizes).
  if (/gzip/.test(req.headers['accept-encoding'] ?? '') && /\.(js|json|html|css|webmanifest)$/.test(file)) {
    body = gzipSync(body);
    headers['Content-Encoding'] = 'gzip';
  }
  res.writeHead(200, headers);
  res.end(body);
}).listen(port, () => console.log(`web static server on http://127.0.0.1:${port}`));
