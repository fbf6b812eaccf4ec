import { request } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import type { CallDefinition } from '@portico/contracts';
import { API_ORIGIN, BROWSER_USER_AGENT } from './stack.js';

/** What a call sends: its body schema's input (POST) or its query's (GET). */
export type PayloadOf<C extends CallDefinition> = C['method'] extends 'GET'
  ? C['query'] extends { _zod: { input: infer Q } }
    ? Q
    : undefined
  : C['body'] extends { _zod: { input: infer B } }
    ? B
    : undefined;
/** What `Msg` holds when the call succeeds. */
export type AnswerOf<C extends CallDefinition> = C['answer']['_zod']['output'];

export interface Envelope {
  status: number;
  Code: string;
  Msg: unknown;
}

/**
 * A request context as a browser on the portal's origin would make it: a browser User-Agent, the
 * portal's Origin (the API refuses state-changing calls from other origins) and its own client
 * address. It keeps the session cookie like a browser does.
 */
export function newApiContext(clientIp: string): Promise<APIRequestContext> {
  return request.newContext({
    baseURL: API_ORIGIN,
    extraHTTPHeaders: {
      'user-agent': BROWSER_USER_AGENT,
      origin: API_ORIGIN,
      'x-forwarded-for': clientIp,
    },
  });
}

/**
 * Makes one call of the contracts (`calls.apps.add`...) and answers the envelope whatever its
 * Code. Extra query parameters (`?id=` of the remove calls) go in `query`.
 */
export async function callApi<C extends CallDefinition>(
  api: APIRequestContext,
  call: C,
  payload?: PayloadOf<C>,
  query?: Record<string, string>,
): Promise<Envelope> {
  const response =
    call.method === 'GET'
      ? await api.get(call.path, { params: { ...(payload as Record<string, string>), ...query } })
      : await api.post(call.path, { data: payload ?? {}, ...(query ? { params: query } : {}) });
  const text = await response.text();
  let envelope: { Code?: unknown; Msg?: unknown } = {};
  try {
    envelope = JSON.parse(text) as typeof envelope;
  } catch {
    throw new Error(`${call.id}: HTTP ${response.status()} without JSON: ${text.slice(0, 200)}`);
  }
  return { status: response.status(), Code: String(envelope.Code), Msg: envelope.Msg };
}

/** The call's answer when it succeeded; otherwise an error naming the call, Code and Msg. */
export async function callOk<C extends CallDefinition>(
  api: APIRequestContext,
  call: C,
  payload?: PayloadOf<C>,
  query?: Record<string, string>,
): Promise<AnswerOf<C>> {
  const answer = await callApi(api, call, payload, query);
  if (answer.Code !== '200') throw new CallFailed(call.id, answer);
  return answer.Msg as AnswerOf<C>;
}

export class CallFailed extends Error {
  constructor(
    readonly callId: string,
    readonly answer: Envelope,
  ) {
    super(
      `${callId} answered ${answer.Code} (HTTP ${answer.status}): ${JSON.stringify(answer.Msg)}`,
    );
    this.name = 'CallFailed';
  }
}
