import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSampleClient } from './app.js';
import type { SampleClientConfig } from './config.js';
import type { ExchangeStub } from './test-exchange-stub.js';
import { startExchangeStub } from './test-exchange-stub.js';

const SECRET = 'BvHCzQyQc2Qxf0cflHRYGvlEySwvkvjhBTnnTKkYqV8';

const signedIn = {
  user: {
    id: '01a1fd6b-0438-71b9-ada6-371217103fab',
    username: 'ann_lee',
    email: 'ann@example.test',
    dis: '<script>alert("Ann & Co")</script>',
    fname: 'Ann',
    lname: 'Lee',
  },
  company: { id: 'acme', name: 'Acme <Bank>' },
  roles: ['viewer', 'editor'],
};

describe('sample client', () => {
  let stub: ExchangeStub;
  let server: http.Server;
  let base: string;
  let config: SampleClientConfig;

  beforeAll(async () => {
    stub = await startExchangeStub();
    config = {
      porticoUrl: 'http://portal.example.test:1234',
      porticoApiUrl: stub.url,
      clientId: '3f71270a-9a53-4c64-b75e-e2deff11bef1',
      clientSecret: SECRET,
      publicUrl: 'http://localhost:4100',
    };
    server = createSampleClient(config);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await stub.close();
  });

  beforeEach(() => {
    stub.requests.length = 0;
  });

  it('links "Sign in with Portico" to the portal with its client id and callback', async () => {
    const response = await fetch(`${base}/`);
    const page = await response.text();
    expect(response.status).toBe(200);
    const href = /<a class="button" href="([^"]+)">Sign in with Portico<\/a>/.exec(page)?.[1];
    const link = new URL((href ?? '').replaceAll('&amp;', '&'));
    expect(link.origin + link.pathname).toBe('http://portal.example.test:1234/sso');
    expect(link.searchParams.get('client')).toBe(config.clientId);
    expect(link.searchParams.get('redir')).toBe('http://localhost:4100/callback');
  });

  it('exchanges code and com server-side and shows who signed in, escaped', async () => {
    stub.answer(200, { Code: '200', Msg: signedIn });
    const response = await fetch(`${base}/callback?code=one-time-code&com=acme`);
    const page = await response.text();

    expect(stub.requests).toHaveLength(1);
    const [sent] = stub.requests;
    expect(sent?.path).toBe('/v1/exchange');
    expect(sent?.body).toEqual({
      client: config.clientId,
      secret: SECRET,
      code: 'one-time-code',
      com: 'acme',
    });
    expect(sent?.headers.origin).toBeUndefined();

    expect(response.status).toBe(200);
    expect(page).toContain('<h1>Signed in</h1>');
    expect(page).toContain(
      '<dd data-field="dis">&lt;script&gt;alert(&quot;Ann &amp; Co&quot;)&lt;/script&gt;</dd>',
    );
    expect(page).not.toContain('<script>');
    expect(page).toContain('<dd data-field="name">Ann Lee</dd>');
    expect(page).toContain('<dd data-field="username">ann_lee</dd>');
    expect(page).toContain('<dd data-field="email">ann@example.test</dd>');
    expect(page).toContain('<dd data-field="company">Acme &lt;Bank&gt;</dd>');
    expect(page).toContain('<dd data-field="company-id">acme</dd>');
    expect(page).toContain('<li>viewer</li><li>editor</li>');
    expect(page).not.toContain(SECRET);
  });

  it("shows Portico's failure code and never the secret", async () => {
    stub.answer(400, { Code: 'code_invalid', Msg: 'code_invalid' });
    const response = await fetch(`${base}/callback?code=spent&com=acme`);
    const page = await response.text();
    expect(response.status).toBe(401);
    expect(page).toContain('<h1>Sign-in failed</h1>');
    expect(page).toContain('<code data-field="code">code_invalid</code> (HTTP 400)');
    expect(page).not.toContain(SECRET);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a success whose answer is not the contract', async () => {
    stub.answer(200, { Code: '200', Msg: { user: { username: 'x' } } });
    const response = await fetch(`${base}/callback?code=c&com=acme`);
    expect(response.status).toBe(502);
    expect(await response.text()).toContain('unexpected_answer');
  });

  it('asks nothing of Portico without both code and com', async () => {
    const response = await fetch(`${base}/callback?code=only`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('missing_parameters');
    expect(stub.requests).toHaveLength(0);
  });

  it('says when Portico cannot be reached', async () => {
    const offline = createSampleClient({ ...config, porticoApiUrl: 'http://127.0.0.1:9' });
    await new Promise<void>((resolve) => offline.listen(0, '127.0.0.1', resolve));
    try {
      const port = (offline.address() as AddressInfo).port;
      const response = await fetch(`http://127.0.0.1:${port}/callback?code=c&com=acme`);
      expect(response.status).toBe(502);
      expect(await response.text()).toContain('unreachable');
    } finally {
      await new Promise<void>((resolve) => offline.close(() => resolve()));
    }
  });
});
