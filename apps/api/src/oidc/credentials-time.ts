import type { Database } from '../db.js';

/**
 * When the person last gave their credentials (password, or the device code after it) on the
 * device, in seconds: the authentication an OIDC sign-in stands on, which the provider answers
 * as `auth_time` and measures a client's `max_age` against (OpenID Connect Core 3.1.2.1). An
 * auto-login (SSO) authenticates nobody anew, so it is not the time: counting from it would make
 * every sign-in completed by SSO look fresh. Read from the sign-ins' audit events (their
 * `details.device`); with none found (not kept), the device's first use, which no sign-in on it
 * precedes: a sign-in of unknown age counts as old, never as fresh.
 */
export async function credentialsTime(
  db: Database,
  userId: string,
  deviceId: string,
): Promise<number> {
  const rows = await db.prisma.$queryRaw<{ at: Date | null }[]>`
    SELECT COALESCE(
             (SELECT max(at) FROM audit_events
               WHERE actor_id = ${userId} AND action = 'auth.sign_in'
                 AND details->>'device' = ${deviceId}
                 AND details->>'method' IN ('password', 'device_code')),
             (SELECT created_at FROM devices WHERE id = ${deviceId})) AS at`;
  const at = rows[0]?.at;
  // Never 0: the provider reads a login time of 0 as none and would stamp the present instead.
  return at ? Math.max(1, Math.floor(at.getTime() / 1000)) : 1;
}
