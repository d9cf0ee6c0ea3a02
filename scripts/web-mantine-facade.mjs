#!/usr/bin/env node
/**
 * Mantine (and react-router) through `@backoffice/ui`: the apps (shell, remotes, the other packages) import
 * Mantine's components, hooks and APIs, and react-router's, from `@backoffice/ui`, never from `@mantine/*` or
 * `react-router` (eslint's no-restricted-imports says so), and `packages/ui/src/mantine.ts` / `router.ts`
 * re-export exactly the names they use. Mantine and react-router then stop being shared singletons of their
 * own: they are bundled inside `@backoffice/ui` (still one shared singleton, so one theme, one modals and one
 * notifications store, one router context for every app), and webpack tree-shakes them to what is used
 * instead of shipping all of Mantine and all of react-router (its data routers) to every first load.
 * Unit tests (`*.test.ts(x)`, `testing/`) may import them directly: in vitest it is the same module, and what
 * only tests use (MemoryRouter…) stays out of the apps' bundles.
 *
 *   node scripts/web-mantine-facade.mjs --write   rewrites `import … from '@mantine/…'` outside packages/ui into
 *                                                 imports from '@backoffice/ui' and regenerates mantine.ts
 *   node scripts/web-mantine-facade.mjs --check   exits 1 (and says why) when an app imports `@mantine/*` or when
 *                                                 mantine.ts is not what --write would generate (a name nobody
 *                                                 uses any more, or one missing); run by ui's unit tests
 *
 * Adding a Mantine component to a page: import it from '@mantine/core' as usual, run --write (lint points there),
 * and rebuild the shell with the remote: the shell provides `@backoffice/ui`, so a component a remote uses must
 * be in the shell's build of it.
 * A Mantine name that `@backoffice/ui` already exports for its own component (Slider, DateInput…) is re-exported
 * as `Mantine<Name>` and the rewritten import keeps the local name (`import { MantineSlider as Slider }`).
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Each facade: the file, the packages it re-exports, the prefix for a name @backoffice/ui already exports. */
const FACADES = [
  { file: 'mantine', packages: ['@mantine/core', '@mantine/hooks', '@mantine/modals', '@mantine/dates', '@mantine/notifications'], prefix: 'Mantine' },
  { file: 'router', packages: ['react-router'], prefix: 'Router' },
].map((facade) => ({ ...facade, path: join(ROOT, `packages/ui/src/${facade.file}.ts`), indexLine: `export * from './${facade.file}';` }));
const FACADE_PACKAGES = FACADES.flatMap((facade) => facade.packages);
const facadeOf = (pkg) => FACADES.find((facade) => facade.packages.includes(pkg));
const TARGET = '@backoffice/ui';
/** The same library bundled into the shell (its first load): the same barrel, so the same names. */
const HOST_TARGET = '@backoffice/ui/host';
const UI_INDEX = join(ROOT, 'packages/ui/src/index.ts');
const TEST_FILE = /(\.test\.tsx?$|\/testing\/)/;
/** Every source tree that is not packages/ui (which uses Mantine directly and holds the facade). */
const SOURCE_ROOTS = ['shell/src', 'shell/sw', 'mfe-crm/src', 'mfe-finance/src', 'mfe-stock/src', 'mfe-purchasing/src', 'packages/auth/src', 'packages/routes/src', 'packages/api-client/src'];
const SKIP = /(^|\/)(node_modules|dist|generated)(\/|$)/;

const mode = process.argv[2];
if (mode !== '--write' && mode !== '--check') {
  console.error('uso: node scripts/web-mantine-facade.mjs --write | --check');
  process.exit(2);
}

function sourceFiles() {
  const files = [];
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (SKIP.test(relative(ROOT, path))) continue;
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry) && !entry.endsWith('.d.ts') && !TEST_FILE.test(path)) files.push(path);
    }
  };
  SOURCE_ROOTS.forEach((dir) => walk(join(ROOT, dir)));
  return files.sort();
}

const parse = (file, text) => ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
const imports = (source) => source.statements.filter(ts.isImportDeclaration);
const specifierOf = (declaration) => declaration.moduleSpecifier.text;

/** What `@backoffice/ui` exports of its own: its index and the local modules it re-exports (not the facades). */
function ownUiExports() {
  const own = new Set();
  const resolveLocal = (from, specifier) =>
    ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => join(dirname(from), specifier) + ext).find((path) => existsSync(path));
  const visit = (file, seen = new Set()) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = parse(file, readFileSync(file, 'utf8'));
    for (const statement of source.statements) {
      if (ts.isExportDeclaration(statement)) {
        const specifier = statement.moduleSpecifier?.text;
        const local = specifier?.startsWith('.') ? resolveLocal(file, specifier) : undefined;
        if (local && FACADES.some((facade) => facade.path === local)) continue;
        if (statement.exportClause && ts.isNamedExports(statement.exportClause)) statement.exportClause.elements.forEach((element) => own.add(element.name.text));
        else if (local) visit(local, seen);
        continue;
      }
      const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      if (!exported) continue;
      if (ts.isVariableStatement(statement)) statement.declarationList.declarations.forEach((d) => ts.isIdentifier(d.name) && own.add(d.name.text));
      else if (statement.name) own.add(statement.name.text);
    }
  };
  visit(UI_INDEX);
  return own;
}

/** The facades' current entries: exported name → { imported, from, type }. */
function currentFacade() {
  const entries = new Map();
  for (const { path } of FACADES) {
    if (!existsSync(path)) continue;
    const source = parse(path, readFileSync(path, 'utf8'));
    for (const statement of source.statements) {
      if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier || !statement.exportClause) continue;
      for (const element of statement.exportClause.elements) {
        entries.set(element.name.text, {
          imported: (element.propertyName ?? element.name).text,
          from: statement.moduleSpecifier.text,
          type: statement.isTypeOnly || element.isTypeOnly,
        });
      }
    }
  }
  return entries;
}

const own = ownUiExports();
const facade = currentFacade();
// A name @backoffice/ui exports of its own, or that a facade listed earlier could export too (react-router's
// NavLink and Mantine's), gets the facade's prefix: `MantineSlider`, `RouterNavLink`.
const requireFromRoot = createRequire(join(ROOT, 'package.json'));
const exportedByPackage = new Map(FACADE_PACKAGES.map((pkg) => [pkg, new Set(Object.keys(requireFromRoot(pkg)))]));
const exportedNameOf = (imported, from) => {
  const earlier = FACADES.slice(0, FACADES.indexOf(facadeOf(from))).flatMap((facade) => facade.packages);
  const clash = own.has(imported) || earlier.some((pkg) => exportedByPackage.get(pkg).has(imported));
  return clash ? `${facadeOf(from).prefix}${imported}` : imported;
};

const files = sourceFiles();
const problems = [];
const wanted = new Map(); // exported name → { imported, from, type }
const want = (exported, entry) => {
  const known = wanted.get(exported);
  if (known && (known.from !== entry.from || known.imported !== entry.imported)) throw new Error(`${exported}: two Mantine sources (${known.from}, ${entry.from})`);
  wanted.set(exported, { ...entry, type: (known ? known.type : true) && entry.type });
};

const rewrites = new Map();
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const source = parse(file, text);
  const direct = [];
  for (const declaration of imports(source)) {
    const from = specifierOf(declaration);
    if (from === TARGET || from === HOST_TARGET) {
      // Names already taken from the facade (after an earlier --write) keep their entry.
      const bindings = declaration.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          const name = (element.propertyName ?? element.name).text;
          const entry = facade.get(name);
          if (entry) want(name, { ...entry, type: declaration.importClause.isTypeOnly || element.isTypeOnly });
        }
      }
      continue;
    }
    if (!FACADE_PACKAGES.includes(from) && !FACADE_PACKAGES.some((pkg) => from.startsWith(`${pkg}/`))) continue;
    const clause = declaration.importClause;
    const bindings = clause?.namedBindings;
    if (!clause || clause.name || !bindings || !ts.isNamedImports(bindings) || !FACADE_PACKAGES.includes(from)) {
      problems.push(`${relative(ROOT, file)}: \`${declaration.getText()}\` cannot go through ${TARGET} (only named imports from ${FACADE_PACKAGES.join(', ')})`);
      continue;
    }
    direct.push(declaration);
    for (const element of bindings.elements) {
      const imported = (element.propertyName ?? element.name).text;
      want(exportedNameOf(imported, from), { imported, from, type: clause.isTypeOnly || element.isTypeOnly });
    }
  }
  if (direct.length) rewrites.set(file, { text, source, direct });
}

// A facade, generated: one export statement per package, values then types, names sorted.
function facadeText(facade) {
  const lines = [
    `// Generated by scripts/web-mantine-facade.mjs (--write): the ${facade.packages.join(', ')} names the apps use,`,
    "// re-exported so that webpack bundles only these inside @backoffice/ui. Do not edit by hand; apps import them",
    "// from '@backoffice/ui'.",
  ];
  for (const from of facade.packages) {
    const entries = [...wanted].filter(([, entry]) => entry.from === from).sort(([a], [b]) => a.localeCompare(b));
    const spec = ([exported, entry]) => (exported === entry.imported ? exported : `${entry.imported} as ${exported}`);
    const values = entries.filter(([, entry]) => !entry.type).map(spec);
    const types = entries.filter(([, entry]) => entry.type).map(spec);
    if (values.length) lines.push(`export { ${values.join(', ')} } from '${from}';`);
    if (types.length) lines.push(`export type { ${types.join(', ')} } from '${from}';`);
  }
  return `${lines.join('\n')}\n`;
}

const indexText = readFileSync(UI_INDEX, 'utf8');

if (mode === '--check') {
  for (const [file, { direct }] of rewrites) {
    for (const declaration of direct) problems.push(`${relative(ROOT, file)}: imports '${specifierOf(declaration)}' (use '${TARGET}': node scripts/web-mantine-facade.mjs --write)`);
  }
  for (const facade of FACADES) {
    if (!existsSync(facade.path) || readFileSync(facade.path, 'utf8') !== facadeText(facade)) problems.push(`${relative(ROOT, facade.path)} is not what --write generates (a name added or no longer used): run node scripts/web-mantine-facade.mjs --write`);
    if (!indexText.split('\n').includes(facade.indexLine)) problems.push(`packages/ui/src/index.ts lacks \`${facade.indexLine}\``);
  }
  if (problems.length) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  console.log(`facades: ${wanted.size} names, no direct ${FACADE_PACKAGES.join('/')} import outside packages/ui and tests`);
  process.exit(0);
}

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}

/** `Name`, `Imported as Local`, with `type ` when only a type is imported. */
function specifiers(declaration) {
  const clause = declaration.importClause;
  return clause.namedBindings.elements.map((element) => {
    const imported = (element.propertyName ?? element.name).text;
    const exported = exportedNameOf(imported, specifierOf(declaration));
    const local = element.name.text;
    const type = clause.isTypeOnly || element.isTypeOnly ? 'type ' : '';
    return `${type}${exported === local ? exported : `${exported} as ${local}`}`;
  });
}

for (const [file, { text, source, direct }] of rewrites) {
  const added = direct.flatMap(specifiers);
  const existing = imports(source).find((d) => specifierOf(d) === TARGET && !d.importClause?.isTypeOnly && d.importClause?.namedBindings && ts.isNamedImports(d.importClause.namedBindings));
  const edits = [];
  let insertion;
  if (existing) {
    const kept = existing.importClause.namedBindings.elements.map((element) => element.getText());
    const names = [...new Set([...kept, ...added])];
    edits.push({ start: existing.getStart(), end: existing.getEnd(), text: `import { ${names.join(', ')} } from '${TARGET}';` });
  } else {
    insertion = `import { ${[...new Set(added)].join(', ')} } from '${TARGET}';`;
  }
  direct.forEach((declaration, i) => {
    // The declaration and its line break go; the first one is replaced by the new import when there is none yet.
    let end = declaration.getEnd();
    if (text[end] === '\n') end += 1;
    edits.push({ start: declaration.getStart(), end, text: i === 0 && insertion ? `${insertion}\n` : '' });
  });
  edits.sort((a, b) => b.start - a.start);
  let next = text;
  for (const edit of edits) next = next.slice(0, edit.start) + edit.text + next.slice(edit.end);
  writeFileSync(file, next);
  console.log(`rewrote ${relative(ROOT, file)}`);
}

let index = indexText;
for (const facade of FACADES) {
  writeFileSync(facade.path, facadeText(facade));
  if (!index.split('\n').includes(facade.indexLine)) index = `${index.trimEnd()}\n${facade.indexLine}\n`;
  console.log(`${relative(ROOT, facade.path)}: ${[...wanted.values()].filter((entry) => facade.packages.includes(entry.from)).length} names`);
}
if (index !== indexText) writeFileSync(UI_INDEX, index);
