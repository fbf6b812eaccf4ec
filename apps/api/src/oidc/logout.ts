import type { FastifyInstance } from 'fastify';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { recordAudit } from '../audit/record-audit.js';
import { sha256 } from '../credentials/tokens.js';
import { sessionCookieName } from '../sessions/cookie.js';
import { endSessionsWhere } from '../sessions/session-store.js';

/**
 * After an RP-initiated logout (end_session) the browser's Portico sign-in ends as a portal
 * sign-out would (`signed_out`, audited `auth.sign_out` with the client that asked), which
 * also ends the OIDC grants made on this device (oidc/grants.ts).
 */
export async function endPorticoSignIn(
  app: FastifyInstance,
  ctx: KoaContextWithOIDC,
): Promise<void> {
  const token = ctx.cookies.get(sessionCookieName(app.config), { signed: false });
  if (!token) return;
  const session = await app.db.prisma.session.findFirst({
    where: { tokenHash: sha256(token), endedAt: null },
    select: { id: true, userId: true, currentCompanyId: true },
  });
  if (!session) return;
  await app.db.prisma.$transaction(async (tx) => {
    const ended = await endSessionsWhere(tx, { id: session.id }, 'signed_out');
    if (ended === 0) return;
    await recordAudit(tx, {
      action: 'auth.sign_out',
      actorId: session.userId,
      companyId: session.currentCompanyId,
      clientId: ctx.oidc.client?.clientId ?? null,
      ip: ctx.ip,
      target: session.id,
      details: { via: 'oidc.end_session' },
    });
  });
}
