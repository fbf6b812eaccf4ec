import type { Database } from '../db.js';
import type { AccessRow } from '../gates/company-access.js';
import { accessRowsQuery } from '../gates/company-access.js';
import type { SignInClient } from '../gates/sign-in-client.js';
import { SIGN_IN_CLIENT_SELECT } from '../gates/sign-in-client.js';
import type { AccountRow } from './check-credentials.js';
import { ACCOUNT_SELECT, loginIsEmail } from './check-credentials.js';

/** Everything the password sign-in's gates look at, read before the password is checked. */
export interface SignInReads {
  /** The client and its application (null: no such client). */
  client: SignInClient | null;
  /** The account the login names, with its summary. */
  account: AccountRow | undefined;
  /** The account's access rows for the client's application (none without both). */
  access: AccessRow[];
  /** The account's device with the request's fingerprint (null: a new device). */
  device: { id: string; status: string } | null;
}

interface ReadsRow {
  client: SignInClient | null;
  account: AccountRow | null;
  access: AccessRow[] | null;
  device: { id: string; status: string } | null;
}

/**
 * One statement for what four would read (sign-in-client.ts, check-credentials.ts,
 * company-access.ts, device-gates.ts give their SQL): a sign-in is hashing plus as few round
 * trips as possible, since with argon2 filling both cores every statement's CPU comes out of
 * the hashing. Reading access and device before the password decides nothing: the gates still
 * run in their order (client, password, companies, device), and every login, known or not,
 * costs the same one read. $1 the client, $2 the login, $3 the device fingerprint's hash.
 */
function readsQuery(accountColumn: 'email' | 'username'): string {
  return `
    WITH cl AS (${SIGN_IN_CLIENT_SELECT} WHERE c.id = $1),
         acct AS (${ACCOUNT_SELECT} WHERE u.${accountColumn} = $2)
    SELECT (SELECT row_to_json(cl) FROM cl) AS client,
           (SELECT row_to_json(acct) FROM acct) AS account,
           (SELECT json_agg(r ORDER BY r.name, r.id)
              FROM cl, acct,
                   LATERAL (${accessRowsQuery('acct.id', 'acct.email', 'cl."appId"')}) r) AS access,
           (SELECT json_build_object('id', d.id, 'status', d.status)
              FROM acct JOIN devices d ON d.user_id = acct.id AND d.fingerprint_hash = $3) AS device`;
}

const READS_BY_EMAIL = readsQuery('email');
const READS_BY_USERNAME = readsQuery('username');

export async function readSignIn(
  db: Database,
  input: { clientId: string; login: string; fingerprintHash: string },
): Promise<SignInReads> {
  const values = [input.clientId, input.login, input.fingerprintHash];
  const [row] = loginIsEmail(input.login)
    ? await db.query<ReadsRow>('portico_sign_in_reads_email', READS_BY_EMAIL, values)
    : await db.query<ReadsRow>('portico_sign_in_reads_username', READS_BY_USERNAME, values);
  return {
    client: row?.client ?? null,
    account: row?.account ?? undefined,
    access: row?.access ?? [],
    device: row?.device ?? null,
  };
}
