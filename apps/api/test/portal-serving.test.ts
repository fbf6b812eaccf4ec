import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './harness.js';
import { startTestApp } from './harness.js';

describe('serving the built portal', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'portico-dist-'));
  let t: TestApp;
  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Portico</title><div id="root"></div>',
    );
    writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log("portal")');
    t = await startTestApp({ SERVE_PORTAL: 'true', PORTAL_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/sso', '/manage/users', '/manage/admin/ip-banned', '/'])(
    'answers the portal route %s with index.html, revalidated',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('serves hashed assets with a long cache lifetime', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset not_found, not the portal under its name', async () => {
    // A page of an older build asks for its own hashed files: index.html in their place would
    // be read as a script or a style sheet (and refused for its type), where a 404 says why.
    const res = await t.app.inject({ method: 'GET', url: '/assets/main-old999.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ Code: 'not_found' });
  });

  it('keeps unknown API paths as not_found, not the portal', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json().Code).toBe('not_found');
  });
});
