import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { bootstrapPlatform, createUser, openTestSession } from '../../test/factories.js';
import { requireSession } from './session-guard.js';

/**
 * Session cookies in forged, damaged or look-alike forms, on a server behind https (the cookie
 * is `__Host-portico_session`): only the exact name and a whole token are a session; everything
 * else is auth_invalid or cookie_err, never a 500.
 */
describe('the session cookie against hostile forms', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: 'https://portal.example.test' }, false, probeRoute);
    await bootstrapPlatform(t);
  });
  afterAll(() => t.close());

  async function probeRoute(app: FastifyInstance) {
    app.get('/probe', async (request) => ({ id: (await requireSession(app, request, false)).id }));
  }
  const probe = async (cookie: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/probe', headers: { cookie } });
    return { status: res.statusCode, body: res.json<{ Code?: string; id?: string }>() };
  };

  it('takes the prefixed cookie with a whole token, and nothing that only looks like it', async () => {
    const session = await openTestSession(t, await createUser(t));
    const token = session.token;
    expect(session.cookie.startsWith('__Host-portico_session=')).toBe(true);
    expect((await probe(session.cookie)).body).toEqual({ id: session.id });

    // A cookie a sibling subdomain or a plain-http page could plant: another name.
    for (const cookie of [
      `portico_session=${token}`,
      `__host-portico_session=${token}`,
      `__HOST-PORTICO_SESSION=${token}`,
      `__Secure-portico_session=${token}`,
    ]) {
      expect(await probe(cookie)).toMatchObject({ status: 401, body: { Code: 'auth_invalid' } });
    }
    // Truncated, padded, extended, quoted, with control or foreign characters.
    for (const cookie of [
      `__Host-portico_session=${token.slice(0, 42)}`,
      `__Host-portico_session=${token}=`,
      `__Host-portico_session=${token}A`,
      `__Host-portico_session="${token}"`,
      `__Host-portico_session=${token}\u0000`,
      `__Host-portico_session=${token.slice(0, 42)}%`,
      `__Host-portico_session=%E0%A4%A`,
      `__Host-portico_session=${token.replace(/[A-Za-z]/, '+')}`,
    ]) {
      expect(await probe(cookie)).toMatchObject({ status: 401, body: { Code: 'cookie_err' } });
    }
    // A well-formed token of no session; another letter case of a real one.
    for (const cookie of [
      `__Host-portico_session=${'A'.repeat(43)}`,
      `__Host-portico_session=${token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase()}`,
    ]) {
      expect(await probe(cookie)).toMatchObject({ status: 401, body: { Code: 'session_invalid' } });
    }
  });
});
