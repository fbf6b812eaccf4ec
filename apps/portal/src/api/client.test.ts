import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { HTTP_TIMEOUT_MS, NETWORK_ERROR, calls, defineCall } from '@portico/contracts';
import { createApiClient } from './client';
import { stubApi } from '../test/fetch-stub';

const BASE = 'http://portal.test:1234';
const client = () => createApiClient({ baseUrl: () => BASE });

// A call shaped like the specification's "POST remove branch: query com and id" plus a body.
const mixedCall = defineCall({
  id: 'test.mixed',
  method: 'POST',
  path: '/v1/test/:kind',
  summary: 'test',
  access: 'session',
  params: z.object({ kind: z.string() }),
  query: z.object({ com: z.string(), id: z.string() }),
  body: z.object({ name: z.string() }),
  answer: z.string(),
  codes: [],
});

afterEach(() => {
  vi.useRealTimers();
});

describe('callApi', () => {
  it('sends JSON with the cookies to the path of the call and reads { Code, Msg }', async () => {
    const fetchStub = stubApi({ 'POST /v1/session/com': { Code: '200', Msg: 'ok' } });
    const answer = await client().callApi(calls.session.setCompany, { com: 'acme' });

    expect(answer).toEqual({ Code: '200', Msg: 'ok' });
    const [url, init] = fetchStub.mock.calls[0]!;
    expect(url).toBe(`${BASE}/v1/session/com`);
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"com":"acme"}' });
    expect(init?.headers).toMatchObject({
      'Content-Type': 'application/json',
      Accept: 'application/json',
    });
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it('sends a GET payload as the query string, without a body', async () => {
    const fetchStub = stubApi({ 'GET /v1/app/iconl': { Code: '200', Msg: '' } });
    await client().callApi(calls.auth.landingIcon, { client: 'bank app' });

    const [url, init] = fetchStub.mock.calls[0]!;
    expect(url).toBe(`${BASE}/v1/app/iconl?client=bank+app`);
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
  });

  it('puts path fields in the path, query fields in the query and the rest in the body', async () => {
    const fetchStub = stubApi({ 'POST /v1/test/branch': { Code: '200', Msg: 'ok' } });
    await client().callApi(mixedCall, { kind: 'branch', com: 'acme', id: 'b 1', name: 'Main' });

    const [url, init] = fetchStub.mock.calls[0]!;
    expect(url).toBe(`${BASE}/v1/test/branch?com=acme&id=b+1`);
    expect(init?.body).toBe('{"name":"Main"}');
  });

  it('sends a multipart form as it is, with the cookies', async () => {
    const fetchStub = stubApi({ 'POST /v1/profile/upload': { Code: '200', Msg: '/v1/files/a' } });
    const form = new FormData();
    form.append('fname', 'me.png');
    const answer = await client().sendForm(calls.profile.uploadAvatar, form);

    expect(answer).toEqual({ Code: '200', Msg: '/v1/files/a' });
    const [url, init] = fetchStub.mock.calls[0]!;
    expect(url).toBe(`${BASE}/v1/profile/upload`);
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: form });
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('counts the number 200 as success and gives the code as "200"', async () => {
    stubApi({ 'POST /v1/auth/signout': { Code: 200, Msg: 'bye' } });
    expect(await client().callApi(calls.auth.signOut, {})).toEqual({ Code: '200', Msg: 'bye' });
  });

  it('passes failure codes and their Msg through', async () => {
    stubApi({ 'GET /v1/auth/details': { Code: 'session_invalid', Msg: 'gone', status: 401 } });
    expect(await client().callApi(calls.auth.details)).toEqual({
      Code: 'session_invalid',
      Msg: 'gone',
    });
  });

  it('answers server_error for an answer that is not an envelope', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    const answer = await client().callApi(calls.auth.details);
    expect(answer.Code).toBe('server_error');
    expect(answer.Msg).toMatchObject({ status: 502 });
  });

  it('answers NETWORK_ERROR when the request fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const answer = await client().callApi(calls.auth.details);
    expect(answer).toEqual({ Code: NETWORK_ERROR, Msg: 'Failed to fetch' });
  });

  it('answers NETWORK_ERROR when there is no answer within the 30 s timeout', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn(hangingFetch));
    const pending = client().callApi(calls.auth.details);

    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).Code).toBe(NETWORK_ERROR);
    expect(HTTP_TIMEOUT_MS).toBe(30_000);
  });

  it('rejects when the caller cancels (a query that is no longer wanted)', async () => {
    vi.stubGlobal('fetch', vi.fn(hangingFetch));
    const controller = new AbortController();
    const pending = client().callApi(calls.auth.details, undefined, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow();
  });
});

/** A fetch that answers only by failing when its signal aborts. */
function hangingFetch(_input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
  });
}

describe('download', () => {
  const answerWith = (body: string, status: number, headers: Record<string, string>) => {
    const stub = vi.fn(async () => new Response(body, { status, headers }));
    vi.stubGlobal('fetch', stub);
    return stub;
  };
  afterEach(() => vi.unstubAllGlobals());

  it('reads a file and the name its Content-Disposition gives, with the cookies', async () => {
    const stub = answerWith('a,b\r\n', 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="trail.csv"',
    });
    const answer = await client().download(calls.audit.exportEvents, {
      format: 'csv',
      action: 'ip.ban',
    });
    expect(answer.Code).toBe('200');
    if (answer.Code !== '200') return;
    expect(answer.filename).toBe('trail.csv');
    expect(await answer.file.text()).toBe('a,b\r\n');
    const [url, init] = stub.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${BASE}/v1/audit/export?format=csv&action=ip.ban`);
    expect(init.credentials).toBe('include');
  });

  it('reads a refusal as its code, and a success envelope where a file was due as server_error', async () => {
    const json = { 'Content-Type': 'application/json' };
    answerWith('{"Code":"export_too_large","Msg":""}', 400, json);
    expect((await client().download(calls.audit.exportEvents, { format: 'csv' })).Code).toBe(
      'export_too_large',
    );
    answerWith('{"Code":"200","Msg":"ok"}', 200, json);
    expect((await client().download(calls.audit.exportEvents, { format: 'csv' })).Code).toBe(
      'server_error',
    );
  });
});
