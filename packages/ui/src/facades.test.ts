import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

// The drift check of scripts/web-mantine-facade.mjs: no app imports @mantine/* or react-router itself (webpack
// would bundle a second, unthemed Mantine or a second router into a remote), and mantine.ts/router.ts list
// exactly the names the apps use (a missing one is undefined in a remote; an unused one is weight for nothing).
test('apps reach Mantine and react-router only through the facades, which list exactly what they use', () => {
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts', 'web-mantine-facade.mjs'), '--check'], { cwd: ROOT, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  expect(run.stdout).toMatch(/^facades: \d+ names/);
}, 120_000);
