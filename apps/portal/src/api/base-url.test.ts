import { describe, expect, it } from 'vitest';
import { API_PORT } from '@portico/contracts';
import { apiBaseUrl, assetUrl } from './base-url';

const at = (href: string) => apiBaseUrl(new URL(href));

describe('apiBaseUrl (section 7)', () => {
  it('uses port 1234 on the same protocol and host when the page URL has a port', () => {
    expect(API_PORT).toBe(1234);
    expect(at('http://localhost:5173/manage/me')).toBe('http://localhost:1234');
    expect(at('https://portal.bank.example:8443/sso?client=x')).toBe(
      'https://portal.bank.example:1234',
    );
    expect(at('http://10.1.2.3:1234/')).toBe('http://10.1.2.3:1234');
    expect(at('http://[::1]:5173/')).toBe('http://[::1]:1234');
  });

  it("uses the page's own origin when the page URL has no port", () => {
    expect(at('https://portal.bank.example/manage/users')).toBe('https://portal.bank.example');
    expect(at('http://intranet/sso')).toBe('http://intranet');
    // A default port is no port: the URL normalises it away.
    expect(at('https://portal.bank.example:443/')).toBe('https://portal.bank.example');
  });
});

describe('assetUrl', () => {
  it('puts served paths on the API and leaves full URLs alone', () => {
    const base = 'http://localhost:1234';
    expect(assetUrl('/v1/files/avatar/1', base)).toBe('http://localhost:1234/v1/files/avatar/1');
    expect(assetUrl('https://cdn.example/a.png', base)).toBe('https://cdn.example/a.png');
    expect(assetUrl('data:image/png;base64,AAAA', base)).toBe('data:image/png;base64,AAAA');
  });
});
