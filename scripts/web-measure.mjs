#!/usr/bin/env node
/**
 * Measures the JavaScript a browser loads (gzip -9 of each file, as the server would send it compressed):
 * the shell's first load of `/` (shared libraries included; remotes preloaded after 1 s are excluded
 * by stopping at DOMContentLoaded + first render), and each remote route chunk for a page.
 * Usage: node scripts/web-measure.mjs http://127.0.0.1:3005
 */
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://127.0.0.1:3005';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

async function jsLoadedBy(page, action) {
  const sizes = new Map();
  const onResponse = async (response) => {
    const url = response.url();
    if (!/\.js(\?|$)/.test(url) || url.endsWith('/sw.js')) return;
    try {
      sizes.set(url, gzipSync(await response.body(), { level: 9 }).length);
    } catch {
      // A body that went away (navigation) is not counted.
    }
  };
  page.on('response', onResponse);
  await action();
  page.off('response', onResponse);
  return sizes;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const total = (sizes) => [...sizes.values()].reduce((a, b) => a + b, 0);

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
const context = await browser.newContext({ serviceWorkers: 'block' });
const page = await context.newPage();
// First load: everything fetched before the 1 s preload timer fires.
const first = await jsLoadedBy(page, async () => {
  await page.goto(`${base}/`, { waitUntil: 'load' });
  await page.getByRole('button', { name: 'Entrar' }).waitFor();
});
console.log(`shell first load (/): ${kb(total(first))} gzipped in ${first.size} files`);
for (const [url, size] of first) console.log(`  ${kb(size).padStart(9)}  ${new URL(url).pathname}`);
await browser.close();
