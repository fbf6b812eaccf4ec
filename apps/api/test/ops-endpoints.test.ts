import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './harness.js';
import { startTestApp } from './harness.js';
import { bootstrapPlatform, createCompany, createUser, grantAccess } from './factories.js';

/**
 * The operational endpoints under a hostile caller: a flood of random paths, methods and query
 * strings cannot grow /metrics (its labels are route patterns, methods and statuses), and
 * neither the metrics, the health answers nor the OpenAPI document tell a database address, a
 * token, a person's e-mail or a company's id.
 */
const TOKEN = 'ops-metrics-token-0123456789abcdef';

describe('operational endpoints under a hostile caller', () => {
  let t: TestApp;
  const privateValues: string[] = [TOKEN];

  beforeAll(async () => {
    t = await startTestApp({ METRICS: 'true', METRICS_TOKEN: TOKEN, MAIL_POLL_MS: '3600000' });
    const admin = await bootstrapPlatform(t);
    const company = await createCompany(t);
    const user = await createUser(t);
    await grantAccess(t, { companyId: company.id, user, roles: [] });
    privateValues.push(admin.email, user.email, company.id, user.id);
    if (t.url) privateValues.push(t.url, new URL(t.url).host);
  });
  afterAll(() => t.close());

  const scrape = () =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  const seriesCount = (text: string) =>
    text
      .split('\n')
      .filter((line) => line.startsWith('portico_http_request_duration_seconds_count')).length;

  it('keeps the HTTP series bounded whatever paths, methods and queries a flood sends', async () => {
    const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'] as const;
    const sent: string[] = [];
    const flood = async (round: number) => {
      for (let i = 0; i < 150; i += 1) {
        const junk = randomBytes(6).toString('hex');
        sent.push(junk);
        const paths = [
          `/${junk}`,
          `/v1/${junk}`,
          `/v1/files/${junk}`,
          `/assets/${junk}.js`,
          `/v1/health?${junk}=${junk}`,
        ];
        await t.app.inject({
          method: methods[(i + round) % methods.length],
          url: paths[i % paths.length],
          headers: { host: `${junk}.example.test`, 'x-client-id': junk },
        });
      }
    };
    await flood(0);
    const after = seriesCount((await scrape()).body);
    await flood(1);
    const text = (await scrape()).body;
    expect(seriesCount(text)).toBe(after);
    expect(after).toBeLessThan(40);
    for (const junk of sent) expect(text).not.toContain(junk);
  });

  it('tells no address, token, e-mail or id in metrics, health answers or the OpenAPI document', async () => {
    const bodies = await Promise.all(
      ['/v1/health', '/v1/health/live', '/v1/health/ready', '/v1/docs/json'].map(
        async (url) => (await t.app.inject({ method: 'GET', url })).body,
      ),
    );
    bodies.push((await scrape()).body);
    for (const body of bodies) {
      for (const value of privateValues) expect(body).not.toContain(value);
      expect(body).not.toMatch(/postgres(ql)?:\/\//);
    }
    const doc = JSON.parse(bodies[3] ?? '{}') as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });
});
