import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../audit/record-audit.js';
import { enqueueMail } from '../mail/queue.js';
import { lockUserForReset, resetMail, storeResetToken } from './reset-token.js';

/** Forgot-password links one account may be mailed... */
export const FORGOT_LINKS_PER_ACCOUNT = 5;
/** ...within this window (minutes). */
export const FORGOT_LINKS_WINDOW_MINUTES = 15;

interface ForgotAccount {
  id: string;
  email: string;
  displayName: string;
  status: string;
}

/** The account a Forgot-password request names, by username or e-mail. */
export function findForgotAccount(
  app: FastifyInstance,
  identifier: string,
): Promise<ForgotAccount | null> {
  const name = identifier.trim().toLowerCase();
  return app.db.prisma.user.findFirst({
    where: { OR: [{ username: name }, { email: name }] },
    select: { id: true, email: true, displayName: true, status: true },
  });
}

/**
 * A queued Forgot-password request (mail/queue.ts, kind `password.forgot`), done by the mail
 * worker after the request was answered: an unknown or blocked account gets nothing; any other
 * gets a reset link. The token, its audit event (password.forgot, with the asker's address) and
 * the queued mail are one transaction, and the mail leaves once it is committed: the link in a
 * mailbox always works, and a refused mail is retried, never lost.
 */
export async function queueForgotLink(
  app: FastifyInstance,
  payload: { identifier: string; ip: string },
): Promise<void> {
  const found = await findForgotAccount(app, payload.identifier);
  if (!found || found.status === 'blocked') return;
  await app.db.prisma.$transaction(async (tx) => {
    // Read again under the row lock that every issuer of links takes (and that a block by
    // failed sign-ins or an erasure holds until it commits): an account blocked since the read
    // above gets no link (only an administrator's reset lifts a block), and an erased one
    // nothing, rather than a foreign-key failure retried and logged for someone gone.
    await lockUserForReset(tx, found.id);
    const user = await tx.user.findUnique({
      where: { id: found.id },
      select: { id: true, email: true, displayName: true, status: true },
    });
    if (!user || user.status === 'blocked') return;
    // The per-IP limit counts addresses, not accounts: from many addresses a stranger could
    // have one mailbox flooded, each new link expiring the one before it, so the owner's own
    // link keeps dying. Past the bound nothing is sent, and the newest link mailed still works.
    // Counted under the row lock above, so requests done together cannot all pass.
    const recent = await tx.passwordResetToken.count({
      where: {
        userId: user.id,
        reason: 'forgot',
        createdAt: { gt: new Date(Date.now() - FORGOT_LINKS_WINDOW_MINUTES * 60_000) },
      },
    });
    if (recent >= FORGOT_LINKS_PER_ACCOUNT) {
      app.log.warn({ user: user.id }, 'forgot link not sent: too many for the account');
      return;
    }
    await recordAudit(tx, {
      // No actor: whoever asked is anonymous; the link goes to the account's own mailbox.
      action: 'password.forgot',
      target: user.id,
      ip: payload.ip,
    });
    const link = await storeResetToken(tx, app.config.PUBLIC_URL, { user, reason: 'forgot' });
    await enqueueMail(tx, resetMail(user, link, 'forgot'));
  });
}
