import type { z } from 'zod';
import {
  HTTP_TIMEOUT_MS,
  NETWORK_ERROR,
  SUCCESS_CODE,
  isErrorCode,
  isSuccess,
  type CallDefinition,
  type ErrorCode,
} from '@portico/contracts';
import { apiBaseUrl } from './base-url';
import { createSessionExpiryWatch, type SessionExpiryWatch } from './session-expiry';

/**
 * A schema's input; an empty strict object (a body with no fields) inputs as
 * `Record<string, never>`, which would void the query fields it is intersected with, so it
 * counts as no fields.
 */
type InputOf<S> = [S] extends [z.ZodType]
  ? string extends keyof z.input<S>
    ? Record<never, never>
    : z.input<S>
  : Record<never, never>;

/** What `callApi` takes for a call: its body, query and path fields in one object. */
export type CallPayload<C> =
  C extends CallDefinition<infer Body, infer Query, z.ZodType, infer Params>
    ? InputOf<Body> & InputOf<Query> & InputOf<Params>
    : never;

export interface Success<C extends CallDefinition> {
  Code: typeof SUCCESS_CODE;
  Msg: z.output<C['answer']>;
}

/**
 * A failure: a code of the catalogue, or NETWORK_ERROR when the request never got an answer
 * (network failure or the 30 s timeout). An answer that is not an envelope counts as
 * `server_error`.
 */
export interface Failure {
  Code: ErrorCode | typeof NETWORK_ERROR;
  Msg: unknown;
}

export type Answer<C extends CallDefinition> = Success<C> | Failure;

export interface CallOptions {
  /** Cancels the request (TanStack Query passes one); a cancelled call rejects. */
  signal?: AbortSignal;
}

type PayloadArgs<C extends CallDefinition> =
  Record<never, never> extends CallPayload<C>
    ? [payload?: CallPayload<C>, options?: CallOptions]
    : [payload: CallPayload<C>, options?: CallOptions];

/** A file a call answered (an export), or the call's failure. */
export type FileAnswer = { Code: typeof SUCCESS_CODE; file: Blob; filename: string } | Failure;

export interface ApiClient {
  /** Makes the call a contracts definition describes; resolves with its `{ Code, Msg }`. */
  callApi<C extends CallDefinition>(call: C, ...args: PayloadArgs<C>): Promise<Answer<C>>;
  /** Sends a multipart call (file uploads) with the fields of `form`. */
  sendForm<C extends CallDefinition>(
    call: C,
    form: FormData,
    options?: CallOptions,
  ): Promise<Answer<C>>;
  /** Makes a call that answers a file (not `{ Code, Msg }`) and resolves with its bytes. */
  download<C extends CallDefinition>(call: C, ...args: PayloadArgs<C>): Promise<FileAnswer>;
  /** Listens for the session-expired rule (section 4); returns the unsubscribe function. */
  onSessionExpired(listener: () => void): () => void;
}

export interface ApiClientOptions {
  baseUrl?: () => string;
  timeoutMs?: number;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? (() => apiBaseUrl());
  const timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS;
  const watch: SessionExpiryWatch = createSessionExpiryWatch();

  async function send(call: CallDefinition, url: string, init: RequestInit, signal?: AbortSignal) {
    const answer = await fetchAnswer(url, init, timeoutMs, signal);
    watch.observe(call.id, answer.Code);
    return answer;
  }

  return {
    callApi(call, ...[payload, callOptions]) {
      const { path, query, body } = splitPayload(call, (payload ?? {}) as Record<string, unknown>);
      const url = `${baseUrl()}${path}${query}`;
      const init: RequestInit =
        call.method === 'GET'
          ? { method: 'GET' }
          : {
              method: call.method,
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify(body),
            };
      return send(call, url, init, callOptions?.signal) as Promise<Answer<typeof call>>;
    },
    sendForm(call, form, callOptions) {
      const init: RequestInit = { method: call.method, body: form };
      return send(call, `${baseUrl()}${call.path}`, init, callOptions?.signal) as Promise<
        Answer<typeof call>
      >;
    },
    async download(call, ...[payload, callOptions]) {
      const { path, query } = splitPayload(call, (payload ?? {}) as Record<string, unknown>);
      const answer = await fetchFile(`${baseUrl()}${path}${query}`, timeoutMs, callOptions?.signal);
      watch.observe(call.id, answer.Code);
      return answer;
    },
    onSessionExpired: (listener) => watch.subscribe(listener),
  };
}

/**
 * A GET whose success is a file: its bytes and the name its Content-Disposition gives. A
 * failure still comes as the envelope (JSON), read like any other answer.
 */
async function fetchFile(
  url: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<FileAnswer> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const signals = signal ? [timeout.signal, signal] : [timeout.signal];
  try {
    const response = await fetch(url, { credentials: 'include', signal: anySignal(signals) });
    const type = response.headers.get('Content-Type') ?? '';
    if (response.ok && !type.startsWith('application/json')) {
      const disposition = response.headers.get('Content-Disposition') ?? '';
      const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'download';
      return { Code: SUCCESS_CODE, file: await response.blob(), filename };
    }
    const answer = toAnswer(await response.text(), response.status);
    // A success envelope where a file was due is no file: the server misbehaved.
    return answer.Code === SUCCESS_CODE ? { Code: 'server_error', Msg: answer.Msg } : answer;
  } catch (error) {
    if (signal?.aborted) throw error;
    return { Code: NETWORK_ERROR, Msg: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** Puts path parameters into the path, query fields into the query string, the rest in the body. */
function splitPayload(call: CallDefinition, payload: Record<string, unknown>) {
  const rest = { ...payload };
  const path = call.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  const queryKeys =
    call.method === 'GET' ? Object.keys(rest) : Object.keys(shapeOf(call.query) ?? {});
  const search = new URLSearchParams();
  for (const key of queryKeys) {
    const value = rest[key];
    delete rest[key];
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const query = search.toString();
  return { path, query: query ? `?${query}` : '', body: rest };
}

function shapeOf(schema: z.ZodType | undefined): Record<string, unknown> | undefined {
  return schema && 'shape' in schema ? (schema.shape as Record<string, unknown>) : undefined;
}

async function fetchAnswer(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<Failure | { Code: typeof SUCCESS_CODE; Msg: unknown }> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const signals = signal ? [timeout.signal, signal] : [timeout.signal];
  try {
    const response = await fetch(url, {
      ...init,
      credentials: 'include',
      headers: { Accept: 'application/json', ...init.headers },
      signal: anySignal(signals),
    });
    return toAnswer(await response.text(), response.status);
  } catch (error) {
    if (signal?.aborted) throw error;
    return { Code: NETWORK_ERROR, Msg: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** AbortSignal.any, or the same by hand in browsers that lack it. */
function anySignal(signals: AbortSignal[]): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(signals);
  const controller = new AbortController();
  for (const signal of signals) {
    signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  }
  return controller.signal;
}

/** Reads `{ Code, Msg }`; both "200" and 200 count as success and come out as "200". */
function toAnswer(text: string, status: number) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed === 'object' && parsed !== null && 'Code' in parsed) {
    const { Code, Msg } = parsed as { Code: unknown; Msg?: unknown };
    if (isSuccess(Code)) return { Code: SUCCESS_CODE, Msg } as const;
    if (isErrorCode(Code)) return { Code, Msg };
  }
  return { Code: 'server_error', Msg: { status, answer: parsed ?? text } } satisfies Failure;
}
