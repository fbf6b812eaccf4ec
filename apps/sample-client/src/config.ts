/**
 * What the sample client needs to know, read from the environment by `start.ts` and passed
 * directly by tests that run it in their own process.
 */
export interface SampleClientConfig {
  /** Portico's public address, where browsers are sent to sign in (PORTICO_URL). */
  porticoUrl: string;
  /** Where this server calls Portico's API (PORTICO_API_URL); defaults to porticoUrl. */
  porticoApiUrl: string;
  /** The client id Portico gave when the client was registered (CLIENT_ID). */
  clientId: string;
  /** The client secret, shown once at registration; it never leaves this server (CLIENT_SECRET). */
  clientSecret: string;
  /** This application's own public address (PUBLIC_URL): the callback is `${publicUrl}/callback`. */
  publicUrl: string;
  /**
   * How it signs people in (MODE): `exchange`, Portico's own protocol (code + com, then
   * POST /v1/exchange), or `oidc`, OpenID Connect (docs/oidc.md). Defaults to `exchange`.
   */
  mode?: 'exchange' | 'oidc';
}

export const DEFAULT_PORT = 3000;

export class SampleClientConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'SampleClientConfigError';
  }
}

/** The callback URL registered as the client's redirect. */
export function callbackUrl(config: Pick<SampleClientConfig, 'publicUrl'>): string {
  return `${config.publicUrl}/callback`;
}

/**
 * Reads the configuration; every problem is reported at once, naming the variable (never the
 * secret's value).
 */
export function configFromEnv(env: Record<string, string | undefined> = process.env): {
  config: SampleClientConfig;
  port: number;
} {
  const problems: string[] = [];
  let port = Number(env.PORT ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    problems.push(`PORT must be a whole number from 1 to 65535 (got "${env.PORT}")`);
    port = DEFAULT_PORT;
  }
  const httpUrl = (name: string, fallback?: string): string => {
    const value = env[name] || fallback;
    if (!value) {
      problems.push(`${name} is required`);
      return '';
    }
    if (!isHttpUrl(value)) problems.push(`${name} must be an http or https URL (got "${value}")`);
    return value.replace(/\/+$/, '');
  };
  const required = (name: string): string => {
    const value = env[name];
    if (!value) problems.push(`${name} is required`);
    return value ?? '';
  };

  const porticoUrl = httpUrl('PORTICO_URL');
  const config: SampleClientConfig = {
    porticoUrl,
    porticoApiUrl: env.PORTICO_API_URL ? httpUrl('PORTICO_API_URL') : porticoUrl,
    clientId: required('CLIENT_ID'),
    clientSecret: required('CLIENT_SECRET'),
    publicUrl: httpUrl('PUBLIC_URL', `http://localhost:${port}`),
    mode: env.MODE === 'oidc' ? 'oidc' : 'exchange',
  };
  if (env.MODE !== undefined && env.MODE !== 'oidc' && env.MODE !== 'exchange') {
    problems.push(`MODE must be exchange or oidc (got "${env.MODE}")`);
  }
  if (problems.length > 0) throw new SampleClientConfigError(problems);
  return { config, port };
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
