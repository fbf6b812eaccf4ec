import { inTransaction } from '@portico/db';
import type { Database } from '../db.js';

/**
 * What changes on a session row itself, and the stamp a kept profile is checked against
 * (read-session.ts): [current company, expires, last seen, ended, profile stamp]. Times are epoch
 * milliseconds (the columns keep milliseconds), so no date text is parsed.
 */
export type SessionState = [
  companyId: string | null,
  expiresAt: number,
  lastSeenAt: number,
  endedAt: number | null,
  profileStamp: number,
];

/**
 * The states of several sessions by their token hashes: one indexed lookup each, one statement
 * for all. Each state is ONE json array column: `pg` parses one field per row.
 */
const READ_SESSION_STATES = `
  SELECT token_hash AS "tokenHash",
         json_build_array(
           current_company_id,
           (date_part('epoch', expires_at) * 1000)::int8,
           (date_part('epoch', last_seen_at) * 1000)::int8,
           (date_part('epoch', ended_at) * 1000)::int8,
           profile_stamp) AS state
    FROM sessions
   WHERE token_hash = ANY($1::text[])`;

/** A burst larger than this is read by several statements, sent at once. */
const MOST_PER_STATEMENT = 500;

interface Waiting {
  resolve(state: SessionState | undefined): void;
  reject(error: unknown): void;
}

/** What a reader has done since it was made (portico_session_state_* metrics). */
export interface SessionStateReadCounts {
  /** Session states asked for. */
  reads: number;
  /** Statements that answered them. */
  statements: number;
}

/**
 * Coalesces the session reads of requests that arrive together. Every guarded request reads its
 * session's row (revocation is seen on the very next request, on every replica); under load,
 * many arrive in one turn of the event loop, and each read was a statement of its own, whose
 * round trip (the write to PostgreSQL's socket, waking its backend) cost the main thread more
 * than everything else a session check does (docs/benchmarks.md). The reads asked for in one
 * turn go as one statement at the end of that turn (setImmediate): no read waits for a timer,
 * and each is sent after its request arrived, so it sees every change committed before it.
 */
class SessionStateReader {
  private next: Map<string, Waiting[]> | undefined;
  readonly counts: SessionStateReadCounts = { reads: 0, statements: 0 };

  constructor(private readonly db: Database) {}

  read(tokenHash: string): Promise<SessionState | undefined> {
    return new Promise((resolve, reject) => {
      let next = this.next;
      if (next === undefined) {
        next = this.next = new Map();
        setImmediate(() => this.send());
      }
      const waiting = next.get(tokenHash);
      if (waiting) waiting.push({ resolve, reject });
      else next.set(tokenHash, [{ resolve, reject }]);
      this.counts.reads += 1;
    });
  }

  private send(): void {
    const waiting = this.next;
    this.next = undefined;
    if (waiting === undefined) return;
    const hashes = [...waiting.keys()];
    for (let from = 0; from < hashes.length; from += MOST_PER_STATEMENT) {
      void this.answer(hashes.slice(from, from + MOST_PER_STATEMENT), waiting);
    }
  }

  private async answer(hashes: string[], waiting: Map<string, Waiting[]>): Promise<void> {
    this.counts.statements += 1;
    try {
      const rows = await this.db.query<{ tokenHash: string; state: SessionState }>(
        'portico_session_states',
        READ_SESSION_STATES,
        [hashes],
      );
      const found = new Map(rows.map((row) => [row.tokenHash, row.state]));
      for (const hash of hashes) {
        for (const one of waiting.get(hash) ?? []) one.resolve(found.get(hash));
      }
    } catch (error) {
      // The database is out (or refused): every read of the statement fails, as its own would.
      for (const hash of hashes) for (const one of waiting.get(hash) ?? []) one.reject(error);
    }
  }
}

/** One reader per database (tests open many). */
const readers = new WeakMap<Database, SessionStateReader>();

function readerOf(db: Database): SessionStateReader {
  let reader = readers.get(db);
  if (!reader) {
    reader = new SessionStateReader(db);
    readers.set(db, reader);
  }
  return reader;
}

/**
 * The state of the session with this token hash (undefined: no such session), read from the
 * database after the call, together with the other reads asked for in the same turn of the
 * event loop. Inside an open transaction (the ORM's or Database.transaction's) it is read
 * alone, in that transaction (as every Database.query there): a batch is sent from the context
 * of its first read, and must not take the other requests' reads into one request's transaction,
 * nor wait, on PGlite's single connection, for the transaction that waits for it.
 */
export async function readSessionState(
  db: Database,
  tokenHash: string,
): Promise<SessionState | undefined> {
  if (inTransaction()) {
    const [row] = await db.query<{ state: SessionState }>(
      'portico_session_states',
      READ_SESSION_STATES,
      [[tokenHash]],
    );
    return row?.state;
  }
  return readerOf(db).read(tokenHash);
}

/** How many reads this process asked of `db`, and in how many statements. */
export function sessionStateReadCounts(db: Database): SessionStateReadCounts {
  return { ...readerOf(db).counts };
}
