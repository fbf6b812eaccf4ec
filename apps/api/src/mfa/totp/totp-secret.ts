import type { Config } from '../../config.js';
import { seal, unseal } from '../../oidc/keys.js';
import { oidcSecret } from '../../oidc/secret.js';

/** Authenticator-app secrets are sealed like the provider's keys, under their own derived key. */
const PURPOSE = 'portico-totp';

export function sealTotpSecret(config: Config, secret: string): string {
  return seal(oidcSecret(config), secret, PURPOSE);
}

export function unsealTotpSecret(config: Config, sealed: string): string {
  return unseal(oidcSecret(config), sealed, PURPOSE);
}
