import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { API_PORT, emailRule, passwordRule, usernameRule } from '@portico/contracts';

/**
 * Configuration comes from the environment only, and is checked once at start: a bad value
 * stops the process with a message naming the variable, the rule and the value (secrets are
 * never echoed).
 */

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/api/src or apps/api/dist → the repository root. */
const repoRoot = path.resolve(here, '..', '..', '..');

const SECRET_VARIABLES = new Set(['DATABASE_URL', 'ADMIN_PASSWORD', 'SMTP_URL', 'REDIS_URL']);

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

const environment = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce
    .number({ error: 'PORT must be a whole number from 1 to 65535' })
    .int('PORT must be a whole number from 1 to 65535')
    .min(1, 'PORT must be a whole number from 1 to 65535')
    .max(65535, 'PORT must be a whole number from 1 to 65535')
    .default(API_PORT),
  PUBLIC_URL: url('PUBLIC_URL', ['http:', 'https:'])
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
    .transform((value) =>
      value === 'false' || value === '' ? false : value === 'true' ? true : value,
    )
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
  ADMIN_PASSWORD: passwordRule.optional(),
  // Mail: through this SMTP server when set (smtp:// or smtps://, credentials in the URL);
  // otherwise every message is written to DATA_DIR/outbox and its link is logged.
  SMTP_URL: url('SMTP_URL', ['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).default('Portico <no-reply@portico.local>'),
  // Rate-limit counters in Redis when set, so every API replica sees the same counts.
  REDIS_URL: url('REDIS_URL', ['redis:', 'rediss:']).optional(),
  // false (default): unknown user, wrong password and blocked account answer alike. true: the
  // sign-in and forgot calls say user_not_found / account_blocked (section 8's messages).
  REVEAL_ACCOUNT_STATE: bool('REVEAL_ACCOUNT_STATE').default(false),
});

export type Config = z.infer<typeof environment>;
export type ConfigInput = Partial<Record<keyof z.input<typeof environment>, string>>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const relevant = Object.fromEntries(
    Object.keys(environment.shape)
      .map((key) => [key, env[key] === '' ? undefined : env[key]] as const)
      .filter(([, value]) => value !== undefined),
  );
  const parsed = environment.safeParse(relevant);
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const value = relevant[name];
      const shown = SECRET_VARIABLES.has(name) || value === undefined ? '' : ` (got "${value}")`;
      return `${name}: ${issue.message}${shown}`;
    }),
  );
}

/** Where the embedded database lives when DATABASE_URL is unset. */
export function pgliteDir(config: Config): string {
  return path.join(config.DATA_DIR, 'pglite');
}
