import { describe, expect, it } from 'vitest';
import { PORTAL_CLIENT_ID } from '@portico/contracts';
import { destination } from './destination';

const choice = {
  code: 'one-time',
  com: 'beta',
  app: 'CRM',
  redirect: 'https://crm.test/callback?code=one-time&com=beta',
};

describe('where the landing page sends the browser', () => {
  it("goes to the client's registered redirect with code and com", () => {
    expect(destination(choice, 'crm', '/')).toBe(choice.redirect);
    expect(destination(choice, 'crm', 'https://crm.test/home')).toBe(choice.redirect);
  });

  it('returns to the OpenID Provider on this origin when it started the sign-in', () => {
    expect(destination(choice, 'crm', '/oidc/interaction/Abc_12-x/callback')).toBe(
      '/oidc/interaction/Abc_12-x/callback?code=one-time&com=beta',
    );
  });

  it('takes no other path for the provider: a look-alike goes to the registered redirect', () => {
    for (const redir of [
      '/oidc/interaction/abc/callback/../../evil',
      '//evil.test/oidc/interaction/abc/callback',
      'https://evil.test/oidc/interaction/abc/callback',
      '/oidc/interaction/abc/callback?x=1',
    ]) {
      expect(destination(choice, 'crm', redir)).toBe(choice.redirect);
    }
  });

  it("sends the portal's own sign-in back to the page the person came from", () => {
    expect(destination(choice, PORTAL_CLIENT_ID, '/manage/me')).toBe('/manage/me');
    expect(destination(choice, PORTAL_CLIENT_ID, '//evil.test')).toBe(choice.redirect);
  });
});

describe('a redir that a browser reads as another host', () => {
  // The browser turns "\" into "/" and drops tabs and newlines before it resolves a URL, so
  // each of these leaves the portal's origin (window.location.assign would go to evil.test).
  it.each([
    '/\\evil.test',
    '/\\/evil.test',
    '/\t/evil.test',
    '/\n/evil.test',
    '/\r\n/evil.test/x',
    '\\/evil.test',
  ])('goes to the registered redirect instead of %j', (redir) => {
    expect(new URL(redir, window.location.origin).origin).not.toBe(window.location.origin);
    expect(destination(choice, PORTAL_CLIENT_ID, redir)).toBe(choice.redirect);
  });

  // A dot segment resolves away and leaves "//evil.test" as the path on this origin: handed to
  // window.location.assign, that path is a scheme-relative URL to another host.
  it.each(['/.//evil.test', '/..//evil.test', '/manage/..//evil.test', '/%2e//evil.test'])(
    'goes to the registered redirect instead of %j, whose path resolves to //evil.test',
    (redir) => {
      expect(destination(choice, PORTAL_CLIENT_ID, redir)).toBe(choice.redirect);
    },
  );

  it('still returns to a page of the portal with a query and a fragment', () => {
    expect(destination(choice, PORTAL_CLIENT_ID, '/manage/users?page=2#top')).toBe(
      '/manage/users?page=2#top',
    );
  });
});
