import { vi } from 'vitest';

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
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}
