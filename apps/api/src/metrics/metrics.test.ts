import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { bootstrapPlatform, createUser } from '../../test/factories.js';
import { knownDevice, sessionCookieOf, signInRequest } from '../auth/sign-in.fixtures.js';
import { recordBan } from '../abuse/bans.js';
import { enqueueMail } from '../mail/queue.js';

/**
 * GET /metrics (docs/operations.md, "Metrics"): off by default; on, Prometheus text with the
 * documented names after real requests, labelled by route pattern; refused without the token;
 * on a port of its own with METRICS_PORT.
 */

const TOKEN = 'metrics-token-0123456789abcdef';
const bearer = { authorization: `Bearer ${TOKEN}` };

/** The value of one sample line, e.g. `name{a="b"}`, or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics off (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('measures nothing and has no /metrics', async () => {
    expect(t.app.metrics).toBeUndefined();
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.json().Code).toBe('not_found');
  });
});

describe('METRICS=true with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ METRICS: 'true', METRICS_TOKEN: TOKEN, MAIL_POLL_MS: '3600000' });
  });
  afterAll(() => t.close());

  const scrape = (headers: Record<string, string> = bearer) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers });

  it('refuses a scrape without the right bearer token', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-0123456789abcd' },
      { authorization: TOKEN },
    ];
    for (const headers of attempts) {
      const res = await scrape(headers);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('portico_');
    }
  });

  it('answers Prometheus text with the documented metrics after real requests', async () => {
    const admin = await bootstrapPlatform(t);
    await knownDevice(t, admin.id);
    const user = await createUser(t);
    const signedIn = await signInRequest(t, { uname: admin.username, pass: admin.password });
    expect(signedIn.json().Code).toBe('200');
    // Session checks: the first reads the session in full, the next two arrive together and
    // share one statement (portico_session_state_*).
    const details = () =>
      t.app.inject({
        method: 'GET',
        url: '/v1/auth/details',
        headers: { cookie: sessionCookieOf(signedIn)?.cookie ?? '' },
      });
    await details();
    await Promise.all([details(), details()]);
    const failed = await signInRequest(t, { uname: user.username, pass: 'Wrong-Pass-1' });
    const failure = failed.json().Code as string;
    expect(failure).not.toBe('200');
    expect((await t.app.inject({ method: 'GET', url: '/v1/health' })).statusCode).toBe(200);
    const fileId = 'a1b2c3d4-raw-id-never-a-label';
    await t.app.inject({ method: 'GET', url: `/v1/files/${fileId}` });
    await t.app.inject({ method: 'GET', url: '/no/such/route/7f3a' });
    await recordBan(t.app, { ip: '203.0.113.9', reason: 'rate_limit', attemptCount: 21 });
    // One mail done by the worker, one waiting for later (depth 1, none due).
    await enqueueMail(t.db.prisma, { to: 'a@example.test', subject: 's', text: 't' });
    await t.app.mailQueue.drain();
    await t.db.prisma.mailJob.create({
      data: { kind: 'mail', payload: {}, nextAttemptAt: new Date(Date.now() + 3_600_000) },
    });

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    const health = 'method="GET",route="/v1/health",status="200"';
    expect(sample(text, `portico_http_request_duration_seconds_count{${health}}`)).toBe(1);
    expect(sample(text, `portico_http_request_duration_seconds_bucket{le="+Inf",${health}}`)).toBe(
      1,
    );
    // Route patterns, never raw URLs.
    expect(text).toContain('route="/v1/files/:id"');
    expect(text).toContain('route="unmatched",status="404"');
    expect(text).not.toContain(fileId);
    expect(text).not.toContain('/no/such/route');

    expect(sample(text, 'portico_sign_ins_total{method="password",outcome="success"}')).toBe(1);
    expect(sample(text, `portico_sign_ins_total{method="password",outcome="${failure}"}`)).toBe(1);
    expect(sample(text, 'portico_ip_bans_total{reason="rate_limit"}')).toBe(1);
    expect(sample(text, 'portico_mail_jobs_total{kind="mail",outcome="done"}')).toBe(1);
    expect(sample(text, 'portico_mail_queue_depth')).toBe(1);
    expect(sample(text, 'portico_mail_queue_due')).toBe(0);
    expect(sample(text, 'portico_mail_queue_oldest_due_seconds')).toBe(0);
    expect(sample(text, 'portico_db_pool_connections')).toBeGreaterThan(0);
    expect(sample(text, 'portico_db_pool_idle')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'portico_db_pool_waiting')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'portico_session_state_reads_total')).toBe(2);
    expect(sample(text, 'portico_session_state_statements_total')).toBe(1);
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(text).toContain('# TYPE process_cpu_seconds_total counter');
    // Scrapes themselves are not counted among the API's requests.
    expect(text).not.toContain('route="/metrics"');
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('METRICS_PORT', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    t = await startTestApp({ METRICS: 'true', METRICS_PORT: String(port), HOST: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('serves the metrics on their own port only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('# TYPE portico_http_request_duration_seconds histogram');
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
  });
});
