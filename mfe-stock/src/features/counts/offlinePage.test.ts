import { describe, expect, it } from 'vitest';
import { loadedFiles } from './offlinePage';

describe('keeping the count page for offline use', () => {
  it('lists the same-origin scripts, styles and entries the page loaded, once each', () => {
    const origin = 'https://app.example';
    const files = loadedFiles(
      [
        { name: `${origin}/remotes/stock/counts.1a2b3c4d.js` },
        { name: `${origin}/remotes/stock/remoteEntry.js` },
        { name: `${origin}/remotes/stock/counts.1a2b3c4d.js` },
        { name: `${origin}/main.0f0f0f0f.css` },
        { name: `${origin}/runtime-config.json` },
        { name: `${origin}/api/v1/stock/counts/c1` },
        { name: 'https://cdn.example/lib.js' },
        { name: 'not a url' },
      ],
      origin,
    );
    expect(files).toEqual([
      `${origin}/remotes/stock/counts.1a2b3c4d.js`,
      `${origin}/remotes/stock/remoteEntry.js`,
      `${origin}/main.0f0f0f0f.css`,
      `${origin}/runtime-config.json`,
    ]);
  });
});
