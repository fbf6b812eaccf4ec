import { z } from 'zod';
import { tooLong } from './field.js';

/** IP whitelist and invitation rules of section 5. */
export const ADMIN_MESSAGES = {
  ipFormat: 'Invalid IP address format',
} as const;

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const IPV6_FULL = /^(?:[0-9A-Fa-f]{1,4}:){7}[0-9A-Fa-f]{1,4}$/;

/**
 * Dotted IPv4 (four groups of 1 to 3 digits) or full eight-group IPv6. IPv4 groups are also kept
 * to 0-255: 999.1.1.1 matches the pattern but can never be a peer, so whitelisting it would be
 * a silent mistake.
 */
export function isIpAddress(value: string): boolean {
  const v4 = IPV4.exec(value);
  if (v4) return v4.slice(1).every((group) => Number(group) <= 255);
  return IPV6_FULL.test(value);
}

export const ipAddressRule = z
  .string({ error: ADMIN_MESSAGES.ipFormat })
  .trim()
  .max(39, { error: ADMIN_MESSAGES.ipFormat })
  .refine(isIpAddress, { error: ADMIN_MESSAGES.ipFormat });

export const WHITELIST_DESCRIPTION_MAX = 200;

/** The whitelist description is optional. */
export const whitelistDescriptionRule = z
  .string()
  .trim()
  .max(WHITELIST_DESCRIPTION_MAX, { error: tooLong(WHITELIST_DESCRIPTION_MAX) });

/** The Invite button: an e-mail typed and at least one role selected in some application. */
export function canInvite(email: string, grants: readonly { roles: readonly string[] }[]): boolean {
  return email.trim().length > 0 && grants.some((grant) => grant.roles.length > 0);
}

/** Role ids are `<app>.<role>`-style identifiers; a grant names one application's roles. */
const roleId = z.string().min(1).max(128);

/**
 * The roles an invitation or a role change grants, per application. An empty role list for an
 * application removes that application's access or invitation (section 4).
 */
export const grantsRule = z
  .array(
    z.strictObject({
      app: z.string().min(1).max(64),
      roles: z.array(roleId).max(50),
    }),
  )
  .min(1)
  .max(100);

/**
 * An address the server recorded (bans come from request peers, so IPv6 may be compressed or
 * IPv4-mapped). Used to name an existing entry, never to add one.
 */
export const recordedIpRule = z
  .string()
  .trim()
  .min(2, { error: ADMIN_MESSAGES.ipFormat })
  .max(45, { error: ADMIN_MESSAGES.ipFormat })
  .regex(/^[0-9A-Fa-f:.]+$/, { error: ADMIN_MESSAGES.ipFormat });
