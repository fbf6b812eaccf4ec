import { REPLICA_HEADER } from './haproxy.js';

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

  async call(step: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    const response = await fetch(`${this.balancer}${path}`, {
      method,
      headers: {
        'user-agent': BROWSER_USER_AGENT,
        origin: this.origin,
        'x-forwarded-for': this.ip,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const match = /^((?:__Host-)?portico_session)=([^;]*)/.exec(line);
      if (match) this.cookie = match[2] ? `${match[1]}=${match[2]}` : '';
    }
    const replica = response.headers.get(REPLICA_HEADER) ?? '';
    this.trail.push({ step, replica });
    const text = await response.text();
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
