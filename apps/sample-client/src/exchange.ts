import { exchange } from '@portico/contracts';
import type { SampleClientConfig } from './config.js';

/** Who signed in, as Portico's exchange answers it (packages/contracts, calls/exchange.ts). */
export type SignedInUser = ReturnType<typeof exchange.code.answer.parse>;
type ExchangeBody = Exclude<ReturnType<typeof exchange.code.body.parse>, undefined>;

export type ExchangeResult =
  | { ok: true; signedIn: SignedInUser }
  /** `code` is Portico's answer code, or `unreachable` / `unexpected_answer` from here. */
  | { ok: false; code: string; status: number };

const EXCHANGE_TIMEOUT_MS = 10_000;

/**
 * Trades the one-time `code` for the user, server to server. The secret goes only here, in the
 * body of a request to Portico; no Origin header is sent (a server is not a browser). A code
 * works once: on any failure the user signs in again, the exchange is never retried.
 */
export async function exchangeCode(
  config: SampleClientConfig,
  code: string,
  com: string,
): Promise<ExchangeResult> {
  const body: ExchangeBody = {
    client: config.clientId,
    secret: config.clientSecret,
    code,
    com,
  };
  let response: Response;
  try {
    response = await fetch(`${config.porticoApiUrl}${exchange.code.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(EXCHANGE_TIMEOUT_MS),
    });
  } catch {
    return { ok: false, code: 'unreachable', status: 0 };
  }
  const envelope = (await response.json().catch(() => undefined)) as
    { Code?: unknown; Msg?: unknown } | undefined;
  if (envelope?.Code === '200') {
    // What we store and show must be what the contract promises, even from a trusted server.
    const parsed = exchange.code.answer.safeParse(envelope.Msg);
    if (parsed.success) return { ok: true, signedIn: parsed.data };
  }
  const failure = typeof envelope?.Code === 'string' && envelope.Code !== '200';
  return {
    ok: false,
    code: failure ? String(envelope.Code) : 'unexpected_answer',
    status: response.status,
  };
}
