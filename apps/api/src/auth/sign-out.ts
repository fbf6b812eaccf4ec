import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordAudit } from '../audit/record-audit.js';
import { sha256 } from '../credentials/tokens.js';
import { ApiError } from '../http/api-error.js';
import { clearSessionCookie } from '../sessions/cookie.js';
import { sessionToken } from '../sessions/session-guard.js';
import { endSessionsWhere } from '../sessions/session-store.js';

/**
 * auth.signOut: ends the cookie's session on the server (so a copied cookie stops working too)
 * and clears the cookie. The cookie is cleared whatever happens; a missing, unknown, ended or
 * past-TTL session answers session_invalid (the portal reloads on it as on 200).
 */
export async function signOut(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<string> {
  clearSessionCookie(reply, app.config);
  const token = sessionToken(request);
  if (!token) throw new ApiError('session_invalid');
  const session = await app.db.prisma.session.findFirst({
    where: { tokenHash: sha256(token), endedAt: null, expiresAt: { gt: new Date() } },
    select: { id: true, userId: true, clientId: true, currentCompanyId: true },
  });
  if (!session) throw new ApiError('session_invalid');
  const ended = await app.db.prisma.$transaction(async (tx) => {
    const count = await endSessionsWhere(tx, { id: session.id }, 'signed_out');
    if (count > 0) {
      await recordAudit(tx, {
        action: 'auth.sign_out',
        actorId: session.userId,
        companyId: session.currentCompanyId,
        clientId: session.clientId,
        ip: request.ip,
        target: session.id,
      });
    }
    return count;
  });
  // A concurrent sign-out ended it first.
  if (ended === 0) throw new ApiError('session_invalid');
  return 'Signed out';
}
