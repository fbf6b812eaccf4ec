import type { Prisma } from '@portico/db';
import type { OutgoingMail } from './mailer.js';

/**
 * The durable mail queue (model MailJob): work is written in the caller's transaction, so it
 * exists exactly when what it belongs to was committed, and a worker (worker.ts) does it after
 * the answer, with retries. Kinds:
 * - `mail`: a ready message, sent as it is;
 * - `password.forgot`: a Forgot-password request, resolved by the worker (password/forgot-job.ts)
 *   so that the request itself does the same single write whatever the account;
 * - `oidc.backchannel_logout`: not a mail, but work of the same shape (after the commit, retried
 *   until it lands): the logout token to a client whose user's OIDC grants ended
 *   (oidc/grants.ts, oidc/backchannel.ts).
 */
export type MailJobOf =
  | { kind: 'mail'; payload: OutgoingMail }
  | { kind: 'password.forgot'; payload: { identifier: string; ip: string } }
  | { kind: 'oidc.backchannel_logout'; payload: { clientId: string; userId: string } };

export type MailJobKind = MailJobOf['kind'];

type Writer = Pick<Prisma.TransactionClient, 'mailJob'>;

export async function enqueueMailJob(db: Writer, job: MailJobOf): Promise<void> {
  await db.mailJob.create({
    data: { kind: job.kind, payload: job.payload as unknown as Prisma.InputJsonValue },
  });
}

/** A ready message, to be sent after the caller's transaction commits. */
export function enqueueMail(db: Writer, mail: OutgoingMail): Promise<void> {
  return enqueueMailJob(db, { kind: 'mail', payload: mail });
}
