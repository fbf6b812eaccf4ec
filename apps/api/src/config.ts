import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  API_PORT,
  emailRule,
  PASSWORD_LENGTH,
  PASSWORD_MAX_CEILING,
  PASSWORD_MAX_DEFAULT,
  usernameRule,
  wirePasswordRule,
} from '@portico/contracts';

/**
 * Configuration comes from the environment only, and is checked once at start: a bad value
 * stops the process with a message naming the variable, the rule and the value (secrets are
 * never echoed).
 */

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/api/src or apps/api/dist → the repository root. */
const repoRoot = path.resolve(here, '..', '..', '..');

const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'ADMIN_PASSWORD',
  'SMTP_URL',
  'REDIS_URL',
  'OIDC_KEY_SECRET',
  'METRICS_TOKEN',
]);

const bool = (name: string) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], {
      error: `${name} must be true or false`,
    })
    .transform((value) => value === 'true' || value === '1' || value === 'yes');

const url = (name: string, protocols: readonly string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { error: `${name} must be a ${protocols.join(' or ')} URL` },
  );

/**
 * The public address every link is built from: an origin, with a path at most (a query, a
 * fragment or credentials would end up in every link, and the credentials in the logs).
 */
const PUBLIC_URL_RULE =
  'PUBLIC_URL must be an http: or https: address without credentials, query or fragment';
function isPublicAddress(value: string): boolean {
  try {
    const parsed = new URL(value);
    return (
      (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
      !parsed.username &&
      !parsed.password &&
      !value.includes('?') &&
      !value.includes('#')
    );
  } catch {
    return false;
  }
}

const TRUST_PROXY_RULE =
  'TRUST_PROXY must be true, false or a comma-separated list of proxy IP addresses/CIDRs';
/** Fastify's trustProxy list (proxy-addr): addresses, CIDRs or proxy-addr's named ranges. */
function isProxyList(value: string): boolean {
  return value.split(',').every((entry) => {
    const item = entry.trim();
    if (item === 'loopback' || item === 'linklocal' || item === 'uniquelocal') return true;
    const [address = '', range, ...extra] = item.split('/');
    const version = isIP(address);
    if (!version || extra.length > 0) return false;
    if (range === undefined) return true;
    if (version === 4 && isIP(range) === 4) return true; // 10.0.0.0/255.0.0.0
    return /^\d{1,3}$/.test(range) && Number(range) <= (version === 4 ? 32 : 128);
  });
}

/** A value as a refusal may show it: the password of a URL in it is masked. */
function shownValue(value: string): string {
  return value.replace(/(\/\/[^/?#@:]*:)[^/?#@]*@/g, '$1***@');
}

const PASSWORD_MAX_RANGE = `PASSWORD_MAX_LENGTH must be a whole number from ${PASSWORD_LENGTH.max} to ${PASSWORD_MAX_CEILING}`;

/** A duration in milliseconds, from 100 ms to an hour. */
const milliseconds = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number of milliseconds from 100 to 3600000` })
    .int(`${name} must be a whole number of milliseconds from 100 to 3600000`)
    .min(100, `${name} must be a whole number of milliseconds from 100 to 3600000`)
    .max(3_600_000, `${name} must be a whole number of milliseconds from 100 to 3600000`);

/** Where audit events go as JSON lines for a SIEM (docs/operations.md, "Security events"). */
export type SiemTarget =
  | { kind: 'off' }
  | { kind: 'stdout' }
  | { kind: 'file'; path: string }
  | { kind: 'syslog'; host: string; port: number };

const SIEM_RULE =
  'SIEM_LOG must be off, stdout, file:<path> or syslog:<host>:<port> (UDP, RFC 5424)';

/** SIEM_LOG's value; a relative file path is taken from the repository root, like DATA_DIR. */
function siemTarget(value: string): SiemTarget | undefined {
  if (value === 'off' || value === 'stdout') return { kind: value };
  if (value.startsWith('file:') && value.length > 'file:'.length) {
    return { kind: 'file', path: path.resolve(repoRoot, value.slice('file:'.length)) };
  }
  // syslog:host:port, with an IPv6 host in brackets (syslog:[::1]:514).
  const syslog = /^syslog:(\[[0-9a-fA-F:.]+\]|[^:[\]]+):(\d{1,5})$/.exec(value);
  const port = Number(syslog?.[2]);
  if (!syslog?.[1] || port < 1 || port > 65535) return undefined;
  return { kind: 'syslog', host: syslog[1].replace(/^\[|\]$/g, ''), port };
}

const portNumber = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number from 1 to 65535` })
    .int(`${name} must be a whole number from 1 to 65535`)
    .min(1, `${name} must be a whole number from 1 to 65535`)
    .max(65535, `${name} must be a whole number from 1 to 65535`);

const RETENTION_RULE = 'AUDIT_RETENTION_DAYS must be a whole number of days from 0 (keep) to 36500';
const BACKLOG_RULE = 'READY_MAIL_BACKLOG_MINUTES must be a whole number of minutes from 0 to 1440';

const environment = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: portNumber('PORT').default(API_PORT),
  PUBLIC_URL: z
    .string()
    .refine(isPublicAddress, { error: PUBLIC_URL_RULE })
    .transform((value) => value.replace(/\/+$/, ''))
    .default(`http://localhost:${API_PORT}`),
  DATABASE_URL: url('DATABASE_URL', ['postgres:', 'postgresql:']).optional(),
  // Relative paths are taken from the repository root, whichever folder the process starts in.
  DATA_DIR: z
    .string()
    .min(1)
    .default('data')
    .transform((value) => path.resolve(repoRoot, value)),
  MIGRATE_ON_START: bool('MIGRATE_ON_START').default(true),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((value) => value === 'false' || value === 'true' || isProxyList(value), {
      error: TRUST_PROXY_RULE,
    })
    .transform((value) => (value === 'false' ? false : value === 'true' ? true : value))
    .describe('false, true, or a comma-separated list of trusted proxy addresses/CIDRs'),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(url('CORS_ORIGINS', ['http:', 'https:']))),
  PORTAL_DIST: z
    .string()
    .min(1)
    .default(path.join(repoRoot, 'apps', 'portal', 'dist')),
  SERVE_PORTAL: bool('SERVE_PORTAL').default(true),
  // The first administrator's credentials follow the same rules as any account's.
  ADMIN_USERNAME: usernameRule.default('portico_admin'),
  ADMIN_EMAIL: emailRule.default('admin@portico.local'),
  ADMIN_PASSWORD: wirePasswordRule.optional(),
  // Mail: through this SMTP server when set (smtp:// or smtps://, credentials in the URL);
  // otherwise every message is written to DATA_DIR/outbox and its link is logged.
  SMTP_URL: url('SMTP_URL', ['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).default('Portico <no-reply@portico.local>'),
  // Rate-limit counters in Redis when set, so every API replica sees the same counts.
  REDIS_URL: url('REDIS_URL', ['redis:', 'rediss:']).optional(),
  // false (default): unknown user, wrong password and blocked account answer alike. true: the
  // sign-in and forgot calls say user_not_found / account_blocked (section 8's messages).
  REVEAL_ACCOUNT_STATE: bool('REVEAL_ACCOUNT_STATE').default(false),
  // The OpenID Provider (docs/oidc.md): the secret its signing keys are sealed with and its
  // cookies signed with. Required in production on PostgreSQL; with the embedded database one is
  // generated into DATA_DIR at first start.
  OIDC_KEY_SECRET: z
    .string()
    .min(32, 'OIDC_KEY_SECRET must be at least 32 characters (say, openssl rand -base64 48)')
    .optional(),
  // http://localhost redirects of clients (a developer's machine): allowed unless NODE_ENV is
  // production, where only https is; an explicit true or false overrides.
  LOCALHOST_REDIRECTS: bool('LOCALHOST_REDIRECTS').optional(),
  // When Redis (REDIS_URL) cannot be reached: true lets limited calls through uncounted, false
  // refuses them (503 unavailable). Default: closed in production, open elsewhere.
  RATE_LIMIT_FAIL_OPEN: bool('RATE_LIMIT_FAIL_OPEN').optional(),
  // Passwords (docs/accounts.md, "Password policy"): the longest a new password may be (the
  // specification's 50 stays available) and the blocklist of common and breached passwords.
  PASSWORD_MAX_LENGTH: z.coerce
    .number({ error: PASSWORD_MAX_RANGE })
    .int(PASSWORD_MAX_RANGE)
    .min(PASSWORD_LENGTH.max, PASSWORD_MAX_RANGE)
    .max(PASSWORD_MAX_CEILING, PASSWORD_MAX_RANGE)
    .default(PASSWORD_MAX_DEFAULT),
  PASSWORD_BLOCKLIST: bool('PASSWORD_BLOCKLIST').default(true),
  // The mail queue (docs/accounts.md, "Mail queue"): how often each replica looks for due
  // work, the first retry's delay (doubling up to 15 minutes), and when a mail is given up.
  MAIL_POLL_MS: milliseconds('MAIL_POLL_MS').default(1000),
  MAIL_RETRY_MS: milliseconds('MAIL_RETRY_MS').default(5000),
  MAIL_GIVE_UP_HOURS: z.coerce
    .number({ error: 'MAIL_GIVE_UP_HOURS must be a whole number of hours from 1 to 168' })
    .int('MAIL_GIVE_UP_HOURS must be a whole number of hours from 1 to 168')
    .min(1, 'MAIL_GIVE_UP_HOURS must be a whole number of hours from 1 to 168')
    .max(168, 'MAIL_GIVE_UP_HOURS must be a whole number of hours from 1 to 168')
    .default(24),
  // Slow clients (docs/security.md, "Slow clients"): a request's headers must arrive within
  // HTTP_HEADERS_TIMEOUT_MS and the whole request within HTTP_REQUEST_TIMEOUT_MS (408 and the
  // connection closed otherwise); a silent connection closes after HTTP_IDLE_TIMEOUT_MS, a kept-
  // alive one between requests after HTTP_KEEP_ALIVE_TIMEOUT_MS.
  HTTP_HEADERS_TIMEOUT_MS: milliseconds('HTTP_HEADERS_TIMEOUT_MS').default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: milliseconds('HTTP_REQUEST_TIMEOUT_MS').default(30_000),
  HTTP_IDLE_TIMEOUT_MS: milliseconds('HTTP_IDLE_TIMEOUT_MS').default(60_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: milliseconds('HTTP_KEEP_ALIVE_TIMEOUT_MS').default(72_000),
  // Operating Portico (docs/operations.md). Every audit event also as a JSON line for a SIEM:
  // stdout unless NODE_ENV is test, where it is off; a file, or syslog over UDP.
  SIEM_LOG: z
    .string()
    .transform((value, ctx) => {
      const target = siemTarget(value);
      if (!target) ctx.addIssue({ code: 'custom', message: SIEM_RULE });
      return target ?? { kind: 'off' as const };
    })
    .optional(),
  // Audit events older than this many days are deleted by a job in every replica; 0 keeps them.
  AUDIT_RETENTION_DAYS: z.coerce
    .number({ error: RETENTION_RULE })
    .int(RETENTION_RULE)
    .min(0, RETENTION_RULE)
    .max(36_500, RETENTION_RULE)
    .default(0),
  // Prometheus metrics at GET /metrics: off unless turned on; behind a bearer token and/or on a
  // port of their own (then not on PORT at all).
  METRICS: bool('METRICS').default(false),
  // pnpm bench's floors, GET /v1/bench/floor and POST /v1/bench/sign-in-floor (bench/floor-route.ts):
  // off by default; never on in a deployment.
  BENCH_FLOOR_ROUTE: bool('BENCH_FLOOR_ROUTE').default(false),
  METRICS_TOKEN: z
    .string()
    .min(16, 'METRICS_TOKEN must be at least 16 characters (say, openssl rand -hex 32)')
    .max(512, 'METRICS_TOKEN must be at most 512 characters')
    .optional(),
  METRICS_PORT: portNumber('METRICS_PORT').optional(),
  // Readiness (GET /v1/health/ready): the mail queue is stuck when a job has been due, and
  // unclaimed, for longer than this; 0 only checks that the queue can be read.
  READY_MAIL_BACKLOG_MINUTES: z.coerce
    .number({ error: BACKLOG_RULE })
    .int(BACKLOG_RULE)
    .min(0, BACKLOG_RULE)
    .max(1440, BACKLOG_RULE)
    .default(15),
});

type ParsedEnvironment = z.infer<typeof environment>;

/** Every setting's name (deployment manifests are checked against it: deploy/test/). */
export const SETTING_NAMES: readonly string[] = Object.keys(environment.shape);

/** The settings, with the defaults that depend on NODE_ENV resolved. */
export type Config = Omit<
  ParsedEnvironment,
  'LOCALHOST_REDIRECTS' | 'RATE_LIMIT_FAIL_OPEN' | 'SIEM_LOG'
> & {
  LOCALHOST_REDIRECTS: boolean;
  RATE_LIMIT_FAIL_OPEN: boolean;
  SIEM_LOG: SiemTarget;
};
export type ConfigInput = Partial<Record<keyof z.input<typeof environment>, string>>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // A blank value (empty, or spaces only) is unset: never a 0 by coercion, nor a secret.
  const relevant = Object.fromEntries(
    Object.keys(environment.shape)
      .map((key) => [key, env[key]?.trim() === '' ? undefined : env[key]] as const)
      .filter(([, value]) => value !== undefined),
  );
  const parsed = environment.safeParse(relevant);
  if (parsed.success) {
    // Node refuses a headers timeout longer than the request's (and it would mean nothing).
    if (parsed.data.HTTP_HEADERS_TIMEOUT_MS > parsed.data.HTTP_REQUEST_TIMEOUT_MS) {
      throw new ConfigError([
        'HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS',
      ]);
    }
    const production = parsed.data.NODE_ENV === 'production';
    // Metrics on the public port of a production server need their token.
    const { METRICS, METRICS_TOKEN, METRICS_PORT } = parsed.data;
    if (production && METRICS && !METRICS_TOKEN && METRICS_PORT === undefined) {
      throw new ConfigError([
        'METRICS: on in production needs METRICS_TOKEN or a METRICS_PORT of their own',
      ]);
    }
    return {
      ...parsed.data,
      LOCALHOST_REDIRECTS: parsed.data.LOCALHOST_REDIRECTS ?? !production,
      RATE_LIMIT_FAIL_OPEN: parsed.data.RATE_LIMIT_FAIL_OPEN ?? !production,
      SIEM_LOG:
        parsed.data.SIEM_LOG ??
        (parsed.data.NODE_ENV === 'test' ? { kind: 'off' } : { kind: 'stdout' }),
    };
  }
  throw new ConfigError(
    parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const value = relevant[name];
      const shown =
        SECRET_VARIABLES.has(name) || value === undefined ? '' : ` (got "${shownValue(value)}")`;
      return `${name}: ${issue.message}${shown}`;
    }),
  );
}

/** Where the embedded database lives when DATABASE_URL is unset. */
export function pgliteDir(config: Config): string {
  return path.join(config.DATA_DIR, 'pglite');
}
