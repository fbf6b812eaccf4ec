import type { Database } from '../src/db.js';

/**
 * Row counts and latest change of the tables a call could touch, in one query: equal before
 * and after a refused call means it changed nothing.
 */
export async function tableFingerprint(db: Database): Promise<Record<string, string>> {
  const tables = [
    'users',
    'companies',
    'user_preferences',
    'branches',
    'user_branches',
    'applications',
    'clients',
    'roles',
    'access',
    'access_roles',
    'company_subscriptions',
    'devices',
    'sessions',
    'pins',
    'passkey_credentials',
    'webauthn_challenges',
    'ip_whitelist',
    'ip_bans',
    'stored_images',
    'password_reset_tokens',
    'exchange_codes',
    'device_verification_codes',
    'audit_events',
  ];
  const parts = tables.map(
    (table) =>
      `(SELECT count(*)::text || ':' || coalesce(md5(string_agg(t::text, ',')), '') FROM ${table} t) AS "${table}"`,
  );
  const rows = await db.prisma.$queryRawUnsafe<Record<string, string>[]>(
    `SELECT ${parts.join(', ')}`,
  );
  return rows[0] ?? {};
}
