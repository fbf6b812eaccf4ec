import { describe, expect, it } from 'vitest';
import { redactUrl, withoutSecrets } from './logger.js';

describe('log redaction', () => {
  it('hides codes and identities in query strings', () => {
    expect(redactUrl('/v1/invite/details?code=abc123&email=a%40b.c&com=acme')).toBe(
      '/v1/invite/details?code=%5Bredacted%5D&email=%5Bredacted%5D&com=acme',
    );
  });

  it("hides OAuth's tokens, secrets, assertions and hints, whatever their case", () => {
    expect(
      redactUrl(
        '/oidc/session/end?ID_TOKEN_HINT=eyJ.x.y&logout_hint=a%40b.c&post_logout_redirect_uri=https%3A%2F%2Frp',
      ),
    ).toBe(
      '/oidc/session/end?ID_TOKEN_HINT=%5Bredacted%5D&logout_hint=%5Bredacted%5D&post_logout_redirect_uri=https%3A%2F%2Frp',
    );
    expect(
      redactUrl(
        '/oidc/me?access_token=A&refresh_token=R&client_secret=S&client_assertion=J&client_id=c1&request=JWT&scope=openid',
      ),
    ).toBe(
      '/oidc/me?access_token=%5Bredacted%5D&refresh_token=%5Bredacted%5D&client_secret=%5Bredacted%5D&client_assertion=%5Bredacted%5D&client_id=c1&request=%5Bredacted%5D&scope=openid',
    );
  });

  it('leaves paths without a query alone', () => {
    expect(redactUrl('/v1/health')).toBe('/v1/health');
  });

  it('censors passwords and secrets at the top of an object and one level down', () => {
    const logged = {
      password: 'top-password',
      form: { password: 'form-password', name: 'shown' },
      sink: { secret: 'sink-secret', target: 'stdout' },
      plain: { name: 'kept' },
      list: [{ password: 'not walked: as pino left arrays' }],
      count: 3,
    };
    const before = structuredClone(logged);
    expect(withoutSecrets(logged)).toEqual({
      password: '[redacted]',
      form: { password: '[redacted]', name: 'shown' },
      sink: { secret: '[redacted]', target: 'stdout' },
      plain: { name: 'kept' },
      list: [{ password: 'not walked: as pino left arrays' }],
      count: 3,
    });
    // The caller's object is left as it was.
    expect(logged).toEqual(before);
  });

  it('answers an object with nothing to hide as it is, without a copy', () => {
    const logged = { req: { id: 'r1', method: 'GET' }, responseTime: 1.5 };
    expect(withoutSecrets(logged)).toBe(logged);
  });
});
