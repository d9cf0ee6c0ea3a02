#!/usr/bin/env node
// Writes docs/routes.md from the route table (packages/routes), bundling the TypeScript with esbuild.
import { buildSync } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const out = buildSync({ entryPoints: [join(root, 'packages/routes/src/routesDoc.ts')], bundle: true, format: 'esm', write: false });
const mod = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
writeFileSync(join(root, 'docs', 'routes.md'), mod.renderRoutesDoc());
console.log('docs/routes.md atualizado');
