import type { Database } from '../db.js';
import { imageUrl } from '../files/image-url.js';

/** The MFA flags and names that sign-in, session details and session_expired answer. */
export interface UserSummary {
  dis: string;
  avatar: string;
  email: string;
  is_pin_enabled: boolean;
  is_biometrics_enabled: boolean;
  is_passkey_enabled: boolean;
  has_pin_setup: boolean;
  has_passkey_setup: boolean;
  has_totp_setup: boolean;
}

/** The columns a summary is made of, as the summary queries (and the session read) return. */
export interface SummaryColumns {
  display_name: string;
  email: string;
  avatar_id: string | null;
  pin_enabled: boolean;
  biometrics_enabled: boolean;
  passkey_enabled: boolean;
  has_pin: boolean;
  has_passkey: boolean;
  has_totp: boolean;
}

/** The summary's columns over `users u`, named as in SummaryColumns. */
const SUMMARY_COLUMNS: [keyof SummaryColumns, string][] = [
  ['display_name', 'u.display_name'],
  ['email', 'u.email'],
  ['avatar_id', 'u.avatar_id'],
  ['pin_enabled', 'u.pin_enabled'],
  // docs/mfa.md: passkey sign-in on, and a passkey on a platform authenticator registered.
  ['biometrics_enabled', '(u.passkey_enabled AND u.biometrics_enabled)'],
  ['passkey_enabled', 'u.passkey_enabled'],
  ['has_pin', 'EXISTS (SELECT 1 FROM pins p WHERE p.user_id = u.id)'],
  ['has_passkey', 'EXISTS (SELECT 1 FROM passkey_credentials k WHERE k.user_id = u.id)'],
  [
    'has_totp',
    'EXISTS (SELECT 1 FROM totp_factors t WHERE t.user_id = u.id AND t.secret_sealed IS NOT NULL)',
  ],
];

/** The summary as a select list, for a query over `users u` (sign-in reads it with the user). */
export const SUMMARY_SELECT = SUMMARY_COLUMNS.map(([name, sql]) => `${sql} AS ${name}`).join(', ');

/** The summary as one JSON object (SummaryColumns), for a query over `users u`. */
export const SUMMARY_JSON = `json_build_object(${SUMMARY_COLUMNS.map(
  ([name, sql]) => `'${name}', ${sql}`,
).join(', ')})`;

export function summaryOf(row: SummaryColumns, publicUrl: string): UserSummary {
  return {
    dis: row.display_name,
    avatar: imageUrl(publicUrl, row.avatar_id),
    email: row.email,
    is_pin_enabled: row.pin_enabled,
    is_biometrics_enabled: row.biometrics_enabled,
    is_passkey_enabled: row.passkey_enabled,
    has_pin_setup: row.has_pin,
    has_passkey_setup: row.has_passkey,
    has_totp_setup: row.has_totp,
  };
}

const LOAD_SUMMARY = `SELECT ${SUMMARY_SELECT} FROM users u WHERE u.id = $1`;

/** One statement (the user, whether a PIN and a passkey exist). Throws for an unknown user. */
export async function loadUserSummary(
  db: Database,
  userId: string,
  publicUrl: string,
): Promise<UserSummary> {
  const [row] = await db.query<SummaryColumns>('portico_user_summary', LOAD_SUMMARY, [userId]);
  if (!row) throw new Error(`loadUserSummary: no user ${userId}`);
  return summaryOf(row, publicUrl);
}

/** What the re-authentication dialog needs (specification, section 3: MFA settings). */
export function expiredDetailsOf(summary: UserSummary) {
  const { email: _email, ...details } = summary;
  return details;
}
