import { APP_STATUS } from '@portico/contracts';
import { inTransaction } from '@portico/db';
import type { Database } from '../db.js';
import { activeBanSql } from '../abuse/sign-in-defence.js';
import type { AttemptClaim } from '../credentials/lockout.js';
import { claimOf, passwordClaimSql, refusedAsLockedSql } from '../credentials/lockout.js';
import type { AccessRow } from '../gates/company-access.js';
import { accessRowsQuery } from '../gates/company-access.js';
import type { SignInClient } from '../gates/sign-in-client.js';
import { SIGN_IN_CLIENT_SELECT } from '../gates/sign-in-client.js';
import type { AccountRow } from './check-credentials.js';
import { ACCOUNT_SELECT, loginIsEmail } from './check-credentials.js';

/** Everything the password sign-in's gates look at, read before the password is checked. */
export interface SignInReads {
  /** The graver active ban of the address (null: none, or a whitelisted address). */
  ban: string | null;
  /** The client and its application (null: no such client). */
  client: SignInClient | null;
  /** The account the login names, with its summary. */
  account: AccountRow | undefined;
  /** The account's access rows for the client's application (none without both). */
  access: AccessRow[];
  /** The account's device with the request's fingerprint (null: a new device). */
  device: { id: string; status: string } | null;
  /**
   * The password guess, claimed in the same statement (credentials/lockout.ts) when the account
   * and the client exist and the client's application is not disabled; null otherwise.
   */
  claim: AttemptClaim | null;
}

interface ReadsRow {
  ban: string | null;
  client: SignInClient | null;
  account: AccountRow | null;
  access: AccessRow[] | null;
  device: { id: string; status: string } | null;
  claim_tried: boolean;
  claim_count: number | null;
  claim_locked: boolean | null;
}

/**
 * SQL: this statement's own transaction commits without waiting for the disk (`synchronous_commit`
 * off until it ends: `set_config`'s third argument). It is the statement's, not the connection's:
 * the pool's next statement on the connection flushes as every other does. A flush costs
 * PostgreSQL some 100-190 µs of CPU here (docs/benchmarks.md), which argon2 would otherwise have.
 */
const UNFLUSHED_COMMIT = `set_config('synchronous_commit', 'off', true)`;

/**
 * SQL: whether the guess is claimed at all (an address with no active ban, an account, and a
 * client the claim may go with).
 */
const CLAIM_TRIED = `NOT EXISTS (SELECT 1 FROM ban) AND EXISTS (SELECT 1 FROM acct)
  AND EXISTS (SELECT 1 FROM cl WHERE cl."appStatus" <> ${APP_STATUS.disabled})`;

/**
 * One statement for what five would read (abuse/sign-in-defence.ts, sign-in-client.ts,
 * check-credentials.ts, company-access.ts, device-gates.ts give their SQL) and the lockout's claim
 * of the guess (credentials/lockout.ts): a sign-in is hashing plus as few round trips as possible,
 * since with argon2 filling both cores every statement's CPU comes out of the hashing. Reading
 * access and device before the password decides nothing: the gates still run in their order
 * (banned address, client, password, companies, device), and every login, known or not, costs
 * the same one statement.
 *
 * A banned address claims nothing: the caller refuses it before it looks at anything else, and
 * records no attempt for it, as when the ban was read on its own first.
 *
 * The claim is made only for a client that exists and whose application is not disabled (the
 * client gates SQL can check); a client gate that only the server can check (the redirect) and
 * refuses gives the claim back (releasePasswordClaim) before the refusal.
 *
 * Its commit is not flushed (UNFLUSHED_COMMIT): the sign-in always writes again, flushed, before
 * it answers, and that flush takes this write to the disk with it. A crash in between loses the
 * claim, and then nothing was answered. Only for a statement that runs on its own: inside an
 * open transaction, the setting would hold for that whole transaction's commit, so readSignIn
 * refuses to run in one.
 * $1 the client, $2 the login, $3 the device fingerprint's hash, $4 the address whose bans
 * count (NULL for a whitelisted one: no ban then).
 */
function readsQuery(accountColumn: 'email' | 'username'): string {
  return `
    WITH ban AS (${activeBanSql('$4')}),
         cl AS (${SIGN_IN_CLIENT_SELECT} WHERE c.id = $1),
         acct AS (${ACCOUNT_SELECT} WHERE u.${accountColumn} = $2),
         claim AS (${passwordClaimSql(
           '(SELECT id FROM acct)',
           '(SELECT "loginRetryLimit" FROM cl)',
           CLAIM_TRIED,
         )})
    SELECT (SELECT reason FROM ban) AS ban,
           (SELECT row_to_json(cl) FROM cl) AS client,
           (SELECT row_to_json(acct) FROM acct) AS account,
           (SELECT json_agg(r ORDER BY r.name, r.id)
              FROM cl, acct,
                   LATERAL (${accessRowsQuery('acct.id', 'acct.email', 'cl."appId"')}) r) AS access,
           (SELECT json_build_object('id', d.id, 'status', d.status)
              FROM acct JOIN devices d ON d.user_id = acct.id AND d.fingerprint_hash = $3) AS device,
           ${CLAIM_TRIED} AS claim_tried,
           (SELECT failed_login_count FROM claim) AS claim_count,
           ${refusedAsLockedSql('(SELECT id FROM acct)')} AS claim_locked,
           ${UNFLUSHED_COMMIT} AS unflushed`;
}

const READS_BY_EMAIL = readsQuery('email');
const READS_BY_USERNAME = readsQuery('username');

export async function readSignIn(
  db: Database,
  input: {
    clientId: string;
    login: string;
    fingerprintHash: string;
    /** The address whose bans refuse the sign-in (null: a whitelisted one). */
    bannableIp: string | null;
  },
): Promise<SignInReads> {
  // Its unflushed commit is its own only when it runs alone: inside an open transaction the
  // setting would hold for that whole transaction's commit (UNFLUSHED_COMMIT).
  if (inTransaction()) {
    throw new Error('readSignIn must not run inside a transaction');
  }
  const values = [input.clientId, input.login, input.fingerprintHash, input.bannableIp];
  const [row] = loginIsEmail(input.login)
    ? await db.query<ReadsRow>('portico_sign_in_reads_email', READS_BY_EMAIL, values)
    : await db.query<ReadsRow>('portico_sign_in_reads_username', READS_BY_USERNAME, values);
  return {
    ban: row?.ban ?? null,
    client: row?.client ?? null,
    account: row?.account ?? undefined,
    access: row?.access ?? [],
    device: row?.device ?? null,
    claim: row?.claim_tried ? claimOf({ count: row.claim_count, locked: row.claim_locked }) : null,
  };
}
