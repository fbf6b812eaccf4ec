import { describe, expect, it } from 'vitest';
import { isAcceptableRedirect } from './redirect.js';

const REGISTERED = 'https://client.example.test/callback';

/**
 * Redirect gate bypass attempts beyond redirect.test.ts. The URL parser is the browser's
 * (WHATWG), so what it normalises (case, default port, IDN) is the same place; anything that
 * could reach another host or another path is refused.
 */
describe('isAcceptableRedirect against hostile redirects', () => {
  it.each([
    'https://client.example.test./callback',
    'https://client.example.test%2e/callback',
    'https://client.example.test@evil.example/callback',
    'https://good@client.example.test/callback',
    'https://client.example.test\uff0fcallback',
    'https://xn--clint-6ua.example.test/callback',
    'https://client.example.test/Callback',
    'https://client.example.test/callback%3f',
    '/\t/evil.example',
    ' /\\evil.example',
    '\u00a0//evil.example',
    '/.%2e/x',
    'http://client.example.test:443/callback',
  ])('refuses %j', (redirect) => {
    expect(isAcceptableRedirect(redirect, REGISTERED)).toBe(false);
  });

  it.each([
    'HTTPS://CLIENT.EXAMPLE.TEST/callback',
    'https://client.example.test:443/callback',
    'https://client.example.test/callback?next=//evil.example',
  ])('accepts the same place written another way: %j', (redirect) => {
    expect(isAcceptableRedirect(redirect, REGISTERED)).toBe(true);
  });

  // Every URL of a non-special scheme has the origin "null": comparing origins alone would let
  // any such URL through when the registered one is of such a scheme too (an app's custom
  // scheme, a row written before the https rule, or by hand).
  it('never takes two opaque origins ("null") for the same origin', () => {
    expect(isAcceptableRedirect('evil://x/cb', 'bankapp://x/cb')).toBe(false);
    expect(isAcceptableRedirect('javascript:alert(1)//', 'bankapp:cb')).toBe(false);
    expect(isAcceptableRedirect('data:text/html,x', 'bankapp://x/')).toBe(false);
  });
});
