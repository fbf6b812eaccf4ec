import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

describe('configuration', () => {
  it('runs on embedded defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(1234);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBe('http://localhost:1234');
    expect(config.MIGRATE_ON_START).toBe(true);
    expect(config.TRUST_PROXY).toBe(false);
    expect(config.CORS_ORIGINS).toEqual([]);
  });

  it('names each bad value with its rule', () => {
    const problems = problemsOf({ PORT: 'abc', LOG_LEVEL: 'loud', PUBLIC_URL: 'ftp://x' });
    expect(problems).toEqual(
      expect.arrayContaining([
        'PORT: PORT must be a whole number from 1 to 65535 (got "abc")',
        'LOG_LEVEL: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
        'PUBLIC_URL: PUBLIC_URL must be an http: or https: address without credentials, query or fragment (got "ftp://x")',
      ]),
    );
    expect(problems).toHaveLength(3);
  });

  it('never echoes a secret value', () => {
    const problems = problemsOf({ DATABASE_URL: 'mysql://user:hunter2@db/x' });
    expect(problems).toEqual(['DATABASE_URL: DATABASE_URL must be a postgres: or postgresql: URL']);
  });

  it('refuses a port out of range and a bad boolean', () => {
    expect(problemsOf({ PORT: '70000', MIGRATE_ON_START: 'maybe' })).toEqual([
      'PORT: PORT must be a whole number from 1 to 65535 (got "70000")',
      'MIGRATE_ON_START: MIGRATE_ON_START must be true or false (got "maybe")',
    ]);
  });

  it('bounds the HTTP timeouts, and a headers timeout may not outlast the request', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      HTTP_HEADERS_TIMEOUT_MS: 10_000,
      HTTP_REQUEST_TIMEOUT_MS: 30_000,
      HTTP_IDLE_TIMEOUT_MS: 60_000,
      HTTP_KEEP_ALIVE_TIMEOUT_MS: 72_000,
    });
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '0' })).toThrow(
      /HTTP_REQUEST_TIMEOUT_MS must be a whole number of milliseconds/,
    );
    expect(() =>
      loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '40000', HTTP_REQUEST_TIMEOUT_MS: '30000' }),
    ).toThrow(/HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS/);
  });

  it('reads lists and trims the public URL', () => {
    const config = loadConfig({
      CORS_ORIGINS: 'http://localhost:5173, http://127.0.0.1:5173',
      PUBLIC_URL: 'https://sso.example.com/',
      TRUST_PROXY: '10.0.0.0/8',
    });
    expect(config.CORS_ORIGINS).toEqual(['http://localhost:5173', 'http://127.0.0.1:5173']);
    expect(config.PUBLIC_URL).toBe('https://sso.example.com');
    expect(config.TRUST_PROXY).toBe('10.0.0.0/8');
  });

  it('sends audit events to stdout unless under test, or to a file or syslog', () => {
    expect(loadConfig({}).SIEM_LOG).toEqual({ kind: 'stdout' });
    expect(loadConfig({ NODE_ENV: 'test' }).SIEM_LOG).toEqual({ kind: 'off' });
    expect(loadConfig({ SIEM_LOG: 'off' }).SIEM_LOG).toEqual({ kind: 'off' });
    expect(loadConfig({ SIEM_LOG: 'file:/var/log/portico/audit.jsonl' }).SIEM_LOG).toEqual({
      kind: 'file',
      path: '/var/log/portico/audit.jsonl',
    });
    expect(loadConfig({ SIEM_LOG: 'syslog:siem.internal:514' }).SIEM_LOG).toEqual({
      kind: 'syslog',
      host: 'siem.internal',
      port: 514,
    });
    expect(loadConfig({ SIEM_LOG: 'syslog:[::1]:5514' }).SIEM_LOG).toEqual({
      kind: 'syslog',
      host: '::1',
      port: 5514,
    });
    for (const bad of ['syslog:host', 'syslog:host:99999', 'file:', 'tcp://x:1', 'STDOUT']) {
      expect(problemsOf({ SIEM_LOG: bad })).toEqual([
        `SIEM_LOG: SIEM_LOG must be off, stdout, file:<path> or syslog:<host>:<port> (UDP, RFC 5424) (got "${bad}")`,
      ]);
    }
  });

  it('keeps audit events by default, and bounds the retention', () => {
    expect(loadConfig({}).AUDIT_RETENTION_DAYS).toBe(0);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '400' }).AUDIT_RETENTION_DAYS).toBe(400);
    expect(problemsOf({ AUDIT_RETENTION_DAYS: '-1' })).toEqual([
      'AUDIT_RETENTION_DAYS: AUDIT_RETENTION_DAYS must be a whole number of days from 0 (keep) to 36500 (got "-1")',
    ]);
  });

  it('turns metrics on only when asked, never open on a production server', () => {
    expect(loadConfig({})).toMatchObject({ METRICS: false, READY_MAIL_BACKLOG_MINUTES: 15 });
    expect(problemsOf({ METRICS: 'true' })).toEqual([
      'METRICS: on in production needs METRICS_TOKEN or a METRICS_PORT of their own',
    ]);
    expect(loadConfig({ METRICS: 'true', METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    expect(loadConfig({ METRICS: 'true', NODE_ENV: 'development' }).METRICS).toBe(true);
    // The token is a secret: never echoed.
    expect(problemsOf({ METRICS: 'true', METRICS_TOKEN: 'short' })).toEqual([
      'METRICS_TOKEN: METRICS_TOKEN must be at least 16 characters (say, openssl rand -hex 32)',
    ]);
  });

  it('takes a blank value for unset, never for a silent 0 or a secret of spaces', () => {
    const config = loadConfig({
      AUDIT_RETENTION_DAYS: ' ',
      READY_MAIL_BACKLOG_MINUTES: '  ',
      HOST: ' ',
      MAIL_FROM: '   ',
      OIDC_KEY_SECRET: ' '.repeat(40),
    });
    expect(config).toMatchObject({
      AUDIT_RETENTION_DAYS: 0,
      READY_MAIL_BACKLOG_MINUTES: 15,
      HOST: '0.0.0.0',
      MAIL_FROM: 'Portico <no-reply@portico.local>',
    });
    expect(config.OIDC_KEY_SECRET).toBeUndefined();
  });

  it('refuses a TRUST_PROXY that is neither true, false nor proxy addresses', () => {
    for (const good of ['10.0.0.5, 10.0.0.0/8', '127.0.0.1,::1', 'loopback', '2001:db8::/32']) {
      expect(loadConfig({ TRUST_PROXY: good }).TRUST_PROXY).toBe(good);
    }
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    // A hop count (Express's "1") would be taken for the address 0.0.0.1 by Fastify.
    for (const bad of ['yes', 'TRUE', '1', 'true,10.0.0.1', '10.0.0.0/33', 'proxy.internal']) {
      expect(problemsOf({ TRUST_PROXY: bad })).toEqual([
        `TRUST_PROXY: TRUST_PROXY must be true, false or a comma-separated list of proxy IP addresses/CIDRs (got "${bad}")`,
      ]);
    }
  });

  it('refuses a PUBLIC_URL with credentials, a query or a fragment, and echoes no password', () => {
    const rule =
      'PUBLIC_URL: PUBLIC_URL must be an http: or https: address without credentials, query or fragment';
    expect(problemsOf({ PUBLIC_URL: 'https://sso.example.com/?tenant=1' })).toEqual([
      `${rule} (got "https://sso.example.com/?tenant=1")`,
    ]);
    expect(problemsOf({ PUBLIC_URL: 'https://sso.example.com/#top' })).toEqual([
      `${rule} (got "https://sso.example.com/#top")`,
    ]);
    const withPassword = problemsOf({ PUBLIC_URL: 'https://ops:Hunter2secret@sso.example.com' });
    expect(withPassword).toEqual([`${rule} (got "https://ops:***@sso.example.com")`]);
    // Nor in the value of a variable that is not itself a secret, refused for another reason.
    const cors = problemsOf({ CORS_ORIGINS: 'ftp://ops:Hunter2secret@files.example.com' });
    expect(cors.join('\n')).not.toContain('Hunter2secret');
  });
});
