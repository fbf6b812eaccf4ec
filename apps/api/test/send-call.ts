import type { CallDefinition } from '@portico/contracts';
import type { TestApp } from './harness.js';

/** What a test sends to a call: a JSON body, a query, or a multipart form (uploads). */
export interface CallInput {
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  form?: FormData;
}

/** Sends one call of the contracts as a browser would, with a cookie and a peer address. */
export function sendCall(
  t: TestApp,
  call: CallDefinition,
  input: CallInput,
  options: { cookie?: string; ip?: string } = {},
) {
  const url = input.query
    ? `${call.path}?${new URLSearchParams(input.query).toString()}`
    : call.path;
  return t.app.inject({
    method: call.method,
    url,
    headers: options.cookie ? { cookie: options.cookie } : {},
    ...(call.method === 'POST' ? { payload: input.form ?? input.body ?? {} } : {}),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
}
