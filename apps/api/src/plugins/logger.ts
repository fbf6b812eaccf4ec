import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';

/**
 * Query parameters that carry codes, tokens, secrets or identities: their values never reach
 * the logs. Named exactly, or by a part of their name, so that OAuth's (`access_token`,
 * `refresh_token`, `client_secret`, `client_assertion`, `id_token_hint`, `login_hint`,
 * `user_code`...) are caught too: a client may send any of them in a URL, and the line is
 * written before the provider refuses it.
 */
const SENSITIVE_QUERY = new Set(['access', 'otp', 'pin', 'request']);
const SENSITIVE_QUERY_PART = /code|token|secret|assertion|hint|pass|email/;

const isSensitiveQuery = (key: string): boolean => {
  const name = key.toLowerCase();
  return SENSITIVE_QUERY.has(name) || SENSITIVE_QUERY_PART.test(name);
};

export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  for (const key of [...params.keys()]) {
    if (isSensitiveQuery(key)) params.set(key, '[redacted]');
  }
  return `${url.slice(0, at)}?${params.toString()}`;
}

/** Fields whose values never reach a line, at the top of a logged object or one level down. */
const SECRET_FIELDS = ['password', 'secret'];
const CENSOR = '[redacted]';

function holdsSecret(value: object): boolean {
  return SECRET_FIELDS.some((name) => Object.hasOwn(value, name));
}

function censored(value: object): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...value };
  for (const name of SECRET_FIELDS) if (Object.hasOwn(copy, name)) copy[name] = CENSOR;
  return copy;
}

/**
 * A logged object (or a child logger's bindings) with every `password` and `secret` field
 * censored, at its top and in each object it holds; the object itself when it holds none (the
 * caller's object is never changed). What pino's `redact: ['*.password', '*.secret']` did, and
 * the top level besides. By hand, because pino 10's redaction clones every value of every line
 * and parses its paths again each time: 6.6% of the session check's main thread under a
 * profiler, two thirds of what the request lines cost (docs/benchmarks.md).
 */
export function withoutSecrets(object: Record<string, unknown>): Record<string, unknown> {
  let result = holdsSecret(object) ? censored(object) : object;
  for (const key in result) {
    const value = result[key];
    if (value === null || typeof value !== 'object' || Array.isArray(value)) continue;
    if (!holdsSecret(value)) continue;
    if (result === object) result = { ...object };
    result[key] = censored(value);
  }
  return result;
}

/**
 * Structured JSON logs (pino). Requests and answers are logged through the serializers below,
 * which keep only what they name: no header (cookies, authorisation, Set-Cookie) and no body
 * ever reaches a line, and codes in query strings are redacted. Passwords and secrets of any
 * other object logged are censored (withoutSecrets).
 */
export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    formatters: { log: withoutSecrets, bindings: withoutSecrets },
    serializers: {
      req(request: { method: string; url: string; ip?: string; id: string }) {
        return {
          id: request.id,
          method: request.method,
          url: redactUrl(request.url),
          ip: request.ip,
        };
      },
      // Fastify's own does the same; written here so that what an answer's line holds is ours.
      res(reply: { statusCode: number }) {
        return { statusCode: reply.statusCode };
      },
    },
  };
}
