import type { Config } from '../../config.js';

/**
 * The WebAuthn relying party is the portal itself: its id is the host name of PUBLIC_URL.
 * Ceremonies are accepted from PUBLIC_URL's origin and from the CORS_ORIGINS on the same host
 * name (the Vite dev server on another port: browsers scope passkeys by host name, not port).
 * Passkeys registered under one host name do not work under another, so PUBLIC_URL must be the
 * name users browse.
 */
export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

export const RP_NAME = 'Portico';

export function relyingParty(config: Pick<Config, 'PUBLIC_URL' | 'CORS_ORIGINS'>): RelyingParty {
  const url = new URL(config.PUBLIC_URL);
  const sameHost = config.CORS_ORIGINS.map((origin) => new URL(origin)).filter(
    (origin) => origin.hostname === url.hostname,
  );
  return {
    id: url.hostname,
    name: RP_NAME,
    origins: [url.origin, ...sameHost.map((origin) => origin.origin)],
  };
}
