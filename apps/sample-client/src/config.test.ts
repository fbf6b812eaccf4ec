import { describe, expect, it } from 'vitest';
import { configFromEnv, SampleClientConfigError } from './config.js';

describe('configFromEnv', () => {
  it('reads the settings and defaults the API URL and its own public URL', () => {
    const { config, port } = configFromEnv({
      PORTICO_URL: 'http://localhost:1234/',
      CLIENT_ID: 'id',
      CLIENT_SECRET: 'secret',
      PORT: '4100',
    });
    expect(port).toBe(4100);
    expect(config).toEqual({
      porticoUrl: 'http://localhost:1234',
      porticoApiUrl: 'http://localhost:1234',
      clientId: 'id',
      clientSecret: 'secret',
      publicUrl: 'http://localhost:4100',
      mode: 'exchange',
    });
  });

  it('signs in with OpenID Connect when MODE is oidc, and names a MODE it does not know', () => {
    const base = { PORTICO_URL: 'http://localhost:1234', CLIENT_ID: 'id', CLIENT_SECRET: 's' };
    expect(configFromEnv({ ...base, MODE: 'oidc' }).config.mode).toBe('oidc');
    expect(() => configFromEnv({ ...base, MODE: 'saml' })).toThrow(
      'MODE must be exchange or oidc (got "saml")',
    );
  });

  it('names every missing or bad variable and never echoes the secret', () => {
    let error: unknown;
    try {
      configFromEnv({
        PORTICO_URL: 'ftp://x',
        PORTICO_API_URL: 'not a url',
        CLIENT_SECRET: 'top-secret',
        PORT: 'abc',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SampleClientConfigError);
    const problems = (error as SampleClientConfigError).problems;
    expect(problems).toEqual([
      'PORT must be a whole number from 1 to 65535 (got "abc")',
      'PORTICO_URL must be an http or https URL (got "ftp://x")',
      'PORTICO_API_URL must be an http or https URL (got "not a url")',
      'CLIENT_ID is required',
    ]);
    expect((error as Error).message).not.toContain('top-secret');
  });
});
