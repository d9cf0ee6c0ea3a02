import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderRoutesDoc } from './routesDoc';

describe('docs/routes.md', () => {
  it('matches the route table (regenerate with `node scripts/web-routes-doc.mjs`)', () => {
    const committed = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'routes.md'), 'utf8');
    expect(committed).toBe(renderRoutesDoc());
  });
});
