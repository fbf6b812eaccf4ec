import type { Prisma } from '@portico/db';
import { randomToken, sha256 } from '../credentials/tokens.js';
import type { Mailer, OutgoingMail } from '../mail/mailer.js';
import { oneLine } from '../mail/one-line.js';

/** How long a reset link stays valid. */
export const RESET_TTL_MINUTES = 60;

/** The reset link (specification: /reset?code=), always from the configured public URL, never
 * from request headers (a forged Host must not redirect the link). */
export function resetLink(publicUrl: string, token: string): string {
  const url = new URL('/reset', publicUrl);
  url.searchParams.set('code', token);
  return url.toString();
}

/**
 * Stores a new single-use reset token (only its SHA-256) and answers its link. Earlier unused
 * links of the user stop working, so only the newest one is valid, also when links are issued
 * at the same time (two replicas' mail workers, a Forgot request and an administrator's reset):
 * the user's row is locked first, so each issuance sees the one before it and expires its link.
 * Every writer of reset tokens takes that lock before the tokens' (resetPassword too), so they
 * queue rather than deadlock.
 */
export async function storeResetToken(
  tx: Prisma.TransactionClient,
  publicUrl: string,
  input: {
    user: { id: string };
    reason: 'forgot' | 'admin';
    requestedById?: string | null;
  },
): Promise<string> {
  await lockUserForReset(tx, input.user.id);
  const now = new Date();
  await tx.passwordResetToken.updateMany({
    where: { userId: input.user.id, usedAt: null, expiresAt: { gt: now } },
    data: { expiresAt: now },
  });
  const token = randomToken(32);
  await tx.passwordResetToken.create({
    data: {
      tokenHash: sha256(token),
      userId: input.user.id,
      reason: input.reason,
      requestedById: input.requestedById ?? null,
      expiresAt: new Date(now.getTime() + RESET_TTL_MINUTES * 60 * 1000),
    },
  });
  return resetLink(publicUrl, token);
}

/** Locks the user's row for the rest of the transaction: issuing or spending reset links. */
export async function lockUserForReset(
  tx: Prisma.TransactionClient,
  userId: string,
): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM users WHERE id = ${userId} FOR NO KEY UPDATE`;
}

/** The reset mail: the link, why it was sent, how long it lasts. */
export function resetMail(
  user: { email: string; displayName: string },
  link: string,
  reason: 'forgot' | 'admin',
): OutgoingMail {
  const why =
    reason === 'admin'
      ? 'An administrator started a password reset for your account.'
      : 'Someone (hopefully you) asked to reset the password of your account.';
  return {
    to: user.email,
    subject: 'Reset your Portico password',
    text: `Hello ${oneLine(user.displayName)},\n\n${why}\nSet a new password here (valid for ${RESET_TTL_MINUTES} minutes, once):\n\n${link}\n\nIf you did not ask for this, ignore this message.\n`,
  };
}

/**
 * Issues a single-use reset link and e-mails it, inside the caller's transaction: if the mail
 * cannot be sent, nothing is left behind (mail_failed).
 */
export async function issueResetLink(
  tx: Prisma.TransactionClient,
  mailer: Mailer,
  publicUrl: string,
  input: {
    user: { id: string; email: string; displayName: string };
    reason: 'forgot' | 'admin';
    requestedById?: string | null;
  },
): Promise<void> {
  const link = await storeResetToken(tx, publicUrl, input);
  await mailer.send(resetMail(input.user, link, input.reason));
}
