import type { Config } from '../../config.js';

/**
 * The WebAuthn relying party is the portal itself: its id is the host name of PUBLIC_URL and the
 * only origin a passkey ceremony is accepted from is PUBLIC_URL's origin. Passkeys registered
 * under one host name do not work under another, so PUBLIC_URL must be the name users browse.
 */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

export const RP_NAME = 'Portico';

export function relyingParty(config: Pick<Config, 'PUBLIC_URL'>): RelyingParty {
  const url = new URL(config.PUBLIC_URL);
  return { id: url.hostname, name: RP_NAME, origin: url.origin };
}
