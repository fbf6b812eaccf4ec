import { describe, expect, it } from 'vitest';
import { isAcceptableRedirect } from './redirect.js';

const REGISTERED = 'https://client.example.test/callback';

describe('isAcceptableRedirect', () => {
  it.each([
    '',
    '/',
    '/manage/me',
    '/manage/users?x=1#top',
    'https://client.example.test/callback',
    'https://client.example.test/callback/',
    'https://client.example.test/callback/deep?state=1',
  ])('accepts %j', (redirect) => {
    expect(isAcceptableRedirect(redirect, REGISTERED)).toBe(true);
  });

  it.each([
    '//evil.example/x',
    '/\\evil.example',
    '/manage\n/me',
    'https://evil.example/callback',
    'http://client.example.test/callback',
    'https://client.example.test:8443/callback',
    'https://client.example.test/callback-evil',
    'https://client.example.test/other',
    'https://client.example.test/callback/../admin',
    'https://user:pw@client.example.test/callback',
    'javascript:alert(1)',
    'manage/me',
    // Read another way by a server or a router after the comparison (issue 12, item 6).
    'https://client.example.test/callback/..;/admin',
    'https://client.example.test/callback/%2E%2E%2Fadmin',
    'https://client.example.test/callback/%2e%2e/admin',
    'https://client.example.test/callback/..%5cadmin',
    'https://client.example.test/callback/%252e%252e/admin',
    'https://client.example.test/callback/./x',
    'https://client.example.test/callback/x/../y',
    '/%2F%2Fevil.example',
    '/%5C%5Cevil.example',
    '/manage/%2e%2e/x',
    '/manage/..;/x',
  ])('refuses %j', (redirect) => {
    expect(isAcceptableRedirect(redirect, REGISTERED)).toBe(false);
  });

  it('takes the whole origin when the registered redirect is a root', () => {
    expect(isAcceptableRedirect('https://a.example/any/path', 'https://a.example/')).toBe(true);
    expect(isAcceptableRedirect('https://b.example/', 'https://a.example/')).toBe(false);
  });

  it('refuses absolute URLs when the registered redirect is not a URL', () => {
    expect(isAcceptableRedirect('https://a.example/', 'not a url')).toBe(false);
  });
});
