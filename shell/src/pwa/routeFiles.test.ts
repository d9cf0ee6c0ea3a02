// @vitest-environment jsdom
import { prefetchFiles, readRouteFiles } from './routeFiles';

describe('route preloading by files', () => {
  it('reads the files the build wrote into the page', () => {
    document.body.innerHTML = '<script type="application/json" id="route-files">{"home":["/home.1234abcd.js","/87.5746d06c.js"]}</script>';
    expect(readRouteFiles()).toEqual({ home: ['/home.1234abcd.js', '/87.5746d06c.js'] });
  });
  it('is empty without them or when they are not JSON', () => {
    document.body.innerHTML = '';
    expect(readRouteFiles()).toEqual({});
    document.body.innerHTML = '<script type="application/json" id="route-files">{home</script>';
    expect(readRouteFiles()).toEqual({});
  });
  it('fetches every file and fails when one is missing', async () => {
    const fetched: string[] = [];
    const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
      fetched.push(String(input));
      return new Response('x', { status: String(input).includes('gone') ? 404 : 200 });
    }) as unknown as typeof fetch;
    const seen = new Set(['/startup.js']);
    await prefetchFiles(['/startup.js', '/a.js', '/b.css'], seen, fetchImpl);
    expect(fetched).toEqual(['/a.js', '/b.css']);
    // What the page or an earlier route already fetched is not fetched again.
    await expect(prefetchFiles(['/a.js', '/gone.js'], seen, fetchImpl)).rejects.toThrow('/gone.js (404)');
    expect(fetched).toEqual(['/a.js', '/b.css', '/gone.js']);
  });
});
