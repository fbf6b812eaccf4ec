import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { REPLICA_HEADER, REQUEST_HEADER } from './haproxy.js';

/** A desktop browser's User-Agent: the device gates want a browser for the portal's client. */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

/** The steps of a scene, in order, and the replica that answered each. */
export type Trail = { step: string; replica: string }[];

export interface Answer {
  status: number;
  Code: string;
  // The envelope's message: each step reads the fields it needs.
  Msg: Record<string, unknown> & { [key: string]: unknown };
  /** The replica that answered (HAProxy's x-portico-replica). */
  replica: string;
}

/**
 * A browser on the portal's origin, through the balancer: its own client address (sent as
 * X-Forwarded-For, which HAProxy extends), the portal's Origin, a browser User-Agent, and the
 * session cookie kept like a browser keeps it. Every answer's replica is recorded in `trail`.
 */
export class Browser {
  cookie = '';
  constructor(
    private readonly balancer: string,
    private readonly origin: string,
    readonly ip: string,
    /** Where the replica of each answer is written; browsers of one scene share it. */
    readonly trail: Trail = [],
  ) {}

  /** The x-request-id of the last call (HAProxy logs it). */
  lastRequestId = '';

  async call(step: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    this.lastRequestId = randomUUID();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const response = await send(`${this.balancer}${path}`, method, payload, {
      'user-agent': BROWSER_USER_AGENT,
      origin: this.origin,
      'x-forwarded-for': this.ip,
      [REQUEST_HEADER]: this.lastRequestId,
      ...(this.cookie ? { cookie: this.cookie } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    });
    for (const line of response.setCookie) {
      const match = /^((?:__Host-)?portico_session)=([^;]*)/.exec(line);
      if (match) this.cookie = match[2] ? `${match[1]}=${match[2]}` : '';
    }
    const replica = response.replica;
    this.trail.push({ step, replica });
    const text = response.text;
    let envelope: { Code?: unknown; Msg?: unknown };
    try {
      envelope = JSON.parse(text) as typeof envelope;
    } catch {
      throw new Error(`${step}: HTTP ${response.status} from ${replica} without JSON: ${text}`);
    }
    return {
      status: response.status,
      Code: String(envelope.Code),
      Msg: (envelope.Msg ?? {}) as Answer['Msg'],
      replica,
    };
  }

  get = (step: string, path: string) => this.call(step, 'GET', path);
  post = (step: string, path: string, body: unknown = {}) => this.call(step, 'POST', path, body);
}

export const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/**
 * One request on a connection of its own (no keep-alive pool): every request is the first of
 * its connection, so when a replica dies under it HAProxy answers 502 naming the replica (on a
 * reused client connection it would close it silently, for the client to retry).
 */
function send(
  url: string,
  method: string,
  payload: string | undefined,
  headers: Record<string, string>,
): Promise<{ status: number; text: string; replica: string; setCookie: string[] }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          text,
          replica: String(response.headers[REPLICA_HEADER] ?? ''),
          setCookie: response.headers['set-cookie'] ?? [],
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(payload);
  });
}
