import { PASSWORD_LENGTH, passwordMaxMessage } from '@portico/contracts';
import type { Config } from '../config.js';
import { ApiError } from '../http/api-error.js';
import { isCommonPassword } from './common-passwords.js';

/** The password policy in force, as the operator set it (PASSWORD_MAX_LENGTH, PASSWORD_BLOCKLIST). */
export function passwordPolicy(config: Config) {
  return {
    min: PASSWORD_LENGTH.min,
    max: config.PASSWORD_MAX_LENGTH,
    blocklist: config.PASSWORD_BLOCKLIST,
  };
}

/**
 * A new password (registration, reset) past the contract's rules: no longer than the maximum in
 * force (incomplete_param on `pass` with the specification's message for that maximum), and not
 * on the blocklist when it is on (password_too_common). Checked before anything is hashed or
 * written.
 */
export async function assertPasswordAllowed(config: Config, password: string): Promise<void> {
  if (password.length > config.PASSWORD_MAX_LENGTH) {
    throw new ApiError('incomplete_param', {
      fields: { pass: passwordMaxMessage(config.PASSWORD_MAX_LENGTH) },
    });
  }
  if (config.PASSWORD_BLOCKLIST && (await isCommonPassword(password))) {
    throw new ApiError('password_too_common');
  }
}
