#!/usr/bin/env node
/**
 * `generate`: run orval into packages/api-client/src/generated.
 * `check`: generate into a temp dir and fail when it differs from the committed output (the client is stale).
 * Without openapi/openapi.json there is nothing to generate: say so and succeed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const spec = join(root, 'openapi', 'openapi.json');
const committed = join(root, 'packages', 'api-client', 'src', 'generated');
const mode = process.argv[2] ?? 'check';

function runOrval(outDir) {
  execFileSync(join(root, 'node_modules', '.bin', 'orval'), ['--config', join(root, 'orval.config.cjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ORVAL_OUTPUT_DIR: outDir },
  });
  importMutatorFromRuntime(outDir);
}

/**
 * orval imports the mutator by a relative path. The generated calls are bundled into each app (tree-shaken), so a
 * relative import would give each remote its own copy of the mutator's module state, without the session's token:
 * they import it from the shared runtime entry instead (packages/api-client/src/index.ts).
 */
function importMutatorFromRuntime(outDir) {
  for (const file of listFiles(outDir).filter((f) => f.endsWith('.ts'))) {
    const text = readFileSync(file, 'utf8');
    const rewritten = text.replace(/from '(\.\.\/)+mutator'/g, "from '@backoffice/api-client'");
    if (rewritten !== text) writeFileSync(file, rewritten);
  }
}

function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

function differences(a, b) {
  const rel = (dir) => new Set(listFiles(dir).map((f) => relative(dir, f)));
  const left = rel(a);
  const right = rel(b);
  const all = new Set([...left, ...right]);
  return [...all].filter((f) => !left.has(f) || !right.has(f) || readFileSync(join(a, f), 'utf8') !== readFileSync(join(b, f), 'utf8'));
}

if (!existsSync(spec)) {
  console.log('openapi/openapi.json ainda não existe: nada a gerar (os wrappers de contract.ts seguem em uso).');
  process.exit(0);
}
if (mode === 'generate') {
  runOrval(committed);
  console.log(`cliente gerado em ${relative(root, committed)}`);
} else {
  // A sibling of the committed folder, so the generated relative import of the mutator is the same.
  const temp = mkdtempSync(join(committed, '..', '.orval-check-'));
  try {
    runOrval(temp);
    const changed = differences(committed, temp);
    if (changed.length) {
      console.error(`Cliente da API desatualizado (rode "npm run api:generate"): ${changed.join(', ')}`);
      // exitCode, not exit(): the temp folder must still be removed below.
      process.exitCode = 1;
    } else {
      console.log('Cliente da API em dia com openapi/openapi.json.');
    }
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}
