import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './harness.js';
import { startTestApp } from './harness.js';

/**
 * Every answer carries the security headers, including those Fastify's own hooks never see: the
 * router's refusals of a malformed URL (frameworkErrors) and the OpenID Provider's answers, which
 * are written on the raw response (oidc/routes.ts hands the request over). A page that can be
 * framed by another site can be clickjacked (the provider's "Sign out of Portico?" page).
 */
describe('security headers on every answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: 'http://localhost:1234/' });
  });
  afterAll(() => t.close());

  it.each(['/v1/%', '/%', '/v1/files/%E0%A4%A'])(
    'sends them with the router’s refusal of the malformed URL %s',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ Code: 'not_found' });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['strict-transport-security']).toContain('max-age=');
    },
  );

  it.each([
    '/oidc/.well-known/openid-configuration',
    '/oidc/session/end',
    '/oidc/auth?client_id=nope&redirect_uri=https://evil.example/&response_type=code&scope=openid',
    '/oidc/no-such-endpoint',
  ])('sends them with the OpenID Provider’s answer to %s, so it cannot be framed', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('keeps the portal’s full policy on the hand-over routes Fastify answers under /oidc', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/oidc/interaction/unknown' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("form-action 'self'");
  });
});
