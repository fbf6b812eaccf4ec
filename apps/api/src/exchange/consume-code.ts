import { APP_STATUS } from '@portico/contracts';
import type { Prisma } from '@portico/db';

type Tx = Prisma.TransactionClient;

/** A code row as the exchange consumed it, with what its session looked like at that moment. */
export interface ConsumedCode {
  id: string;
  clientId: string;
  userId: string;
  companyId: string;
  sessionId: string;
  deviceId: string;
  codeChallenge: string | null;
  expired: boolean;
  sessionOver: boolean;
  appDisabled: boolean;
}

interface RawConsumed {
  id: string;
  client_id: string;
  user_id: string;
  company_id: string;
  session_id: string;
  device_id: string;
  code_challenge: string | null;
  expired: boolean;
  session_over: boolean;
  app_disabled: boolean;
}

/**
 * Marks the code used, atomically: of any number of concurrent presentations exactly one gets
 * the row; the others find it used (PostgreSQL re-checks `used_at IS NULL` once the winner's
 * update is visible). Every presentation of a known code consumes it, whatever the later checks
 * say, so a code never gets a second try. Times are compared on the database's clock.
 *
 * Whether the code's application is disabled is read here too: disabling it deletes its unused
 * codes (apps/routes.ts), but a company choice that passed the app_disabled gate just before
 * the switch may insert its code just after that delete.
 */
export async function consumeCode(tx: Tx, codeHash: string): Promise<ConsumedCode | null> {
  // The code's session is locked first (before the code row: the order session-ending changes
  // lock them in), as an update would: a change ending it that is under way finishes first, and
  // the next one waits until this exchange is over. Without it the session could end between
  // this statement and the identity's, which then answered a success with the roles of after
  // its end. Not FOR SHARE: concurrent presentations of one code would deadlock when the losers,
  // replays, each end the session they share a lock on.
  await tx.$queryRaw`
    SELECT s.id FROM sessions s JOIN exchange_codes e ON e.session_id = s.id
     WHERE e.code_hash = ${codeHash}
       FOR NO KEY UPDATE OF s`;
  const rows = await tx.$queryRaw<RawConsumed[]>`
    UPDATE exchange_codes e SET used_at = now()
      FROM sessions s
     WHERE e.code_hash = ${codeHash} AND e.used_at IS NULL AND s.id = e.session_id
    RETURNING e.id, e.client_id, e.user_id, e.company_id, e.session_id, s.device_id, e.code_challenge,
              e.expires_at <= now() AS expired,
              (s.ended_at IS NOT NULL OR s.expires_at <= now()) AS session_over,
              EXISTS (SELECT 1 FROM clients c JOIN applications a ON a.id = c.app_id
                       WHERE c.id = e.client_id AND a.status = ${APP_STATUS.disabled}) AS app_disabled`;
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    clientId: row.client_id,
    userId: row.user_id,
    companyId: row.company_id,
    sessionId: row.session_id,
    deviceId: row.device_id,
    codeChallenge: row.code_challenge,
    expired: row.expired,
    sessionOver: row.session_over,
    appDisabled: row.app_disabled,
  };
}

/** The code as issued, when it exists but was already used (a replay). */
export function findUsedCode(tx: Tx, codeHash: string) {
  return tx.exchangeCode.findUnique({
    where: { codeHash },
    select: { sessionId: true, userId: true, companyId: true, clientId: true },
  });
}
