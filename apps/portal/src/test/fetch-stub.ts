import { vi } from 'vitest';
import { PASSWORD_LENGTH, PASSWORD_MAX_DEFAULT, calls } from '@portico/contracts';

/** One stubbed answer: the envelope the API would send, with its HTTP status. */
export interface StubAnswer {
  Code: string | number;
  Msg?: unknown;
  status?: number;
}

/**
 * Replaces `fetch` with a stub that answers by method and path (the API is outside the
 * component under test); unknown requests fail the test loudly.
 */
export function stubApi(routes: Record<string, StubAnswer | (() => StubAnswer)>) {
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const route = routes[key];
    if (!route) throw new Error(`unexpected request: ${key}`);
    const { status = 200, ...envelope } = typeof route === 'function' ? route() : route;
    return new Response(JSON.stringify({ Msg: '', ...envelope }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  // The password policy is read by every form that sets a password; unless a test names it,
  // it is answered with the default policy here, outside the stub's record of calls, so tests
  // count and inspect only the calls of what they exercise.
  const withPolicy = async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`;
    if (key === POLICY_ROUTE && !(key in routes)) {
      return new Response(JSON.stringify({ Code: '200', Msg: DEFAULT_POLICY }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }
    return fetchStub(input, init);
  };
  vi.stubGlobal('fetch', withPolicy);
  return fetchStub;
}

const POLICY_ROUTE = `GET ${calls.password.policy.path}`;
const DEFAULT_POLICY = { min: PASSWORD_LENGTH.min, max: PASSWORD_MAX_DEFAULT, blocklist: true };
