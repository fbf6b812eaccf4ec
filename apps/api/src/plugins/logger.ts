import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';

/** Query parameters that carry codes or identities: their values never reach the logs. */
const SENSITIVE_QUERY = new Set(['code', 'access', 'email', 'otp', 'secret', 'token']);

export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  for (const key of [...params.keys()]) {
    if (SENSITIVE_QUERY.has(key.toLowerCase())) params.set(key, '[redacted]');
  }
  return `${url.slice(0, at)}?${params.toString()}`;
}

/**
 * Structured JSON logs (pino). Cookies, authorisation headers and Set-Cookie are redacted, and
 * so are codes in query strings; request bodies are never logged.
 */
export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.secret',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string; id: string }) {
        return {
          id: request.id,
          method: request.method,
          url: redactUrl(request.url),
          ip: request.ip,
        };
      },
    },
  };
}
