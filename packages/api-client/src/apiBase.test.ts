import { joinUrl, resolveApiBase } from './apiBase';

const page = (url: string) => {
  const u = new URL(url);
  return { protocol: u.protocol, hostname: u.hostname, port: u.port, origin: u.origin };
};

describe('API base rule', () => {
  it('a page on port 3000 talks to the same host on 3001, whatever the config says', () => {
    expect(resolveApiBase(page('http://localhost:3000/clientes'), null)).toBe('http://localhost:3001');
    expect(resolveApiBase(page('http://10.0.0.5:3000/'), 'https://api.example.com')).toBe('http://10.0.0.5:3001');
  });
  it('otherwise the configured base wins (trailing slash dropped)', () => {
    expect(resolveApiBase(page('https://app.example.com/'), 'https://api.example.com/')).toBe('https://api.example.com');
  });
  it('without a configured base, the page origin (the server on 3001 in the embedded default)', () => {
    expect(resolveApiBase(page('http://localhost:3001/inicio'), null)).toBe('http://localhost:3001');
    expect(resolveApiBase(page('https://app.example.com/x'), undefined)).toBe('https://app.example.com');
  });
  it('joins base and path with one slash', () => {
    expect(joinUrl('http://h:3001/', '/api/v1/x')).toBe('http://h:3001/api/v1/x');
  });
});
