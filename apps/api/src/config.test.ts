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
        'PUBLIC_URL: PUBLIC_URL must be a http: or https: URL (got "ftp://x")',
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
});
