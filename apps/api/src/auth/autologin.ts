import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { assertIpAllowed } from '../abuse/sign-in-defence.js';
import { ApiError } from '../http/api-error.js';
import { passCompanyGates } from '../gates/company-access.js';
import { passDeviceBlockedGate, passDeviceTypeGate } from '../gates/device-gates.js';
import { passClientGates } from '../gates/sign-in-client.js';
import { parseUserAgent } from '../gates/user-agent.js';
import { requireSession } from '../sessions/session-guard.js';
import type { LoginAnswer } from './signed-in-session.js';
import { completeSignIn } from './signed-in-session.js';

/**
 * auth.autologin: the browser's live session (of any client) signs the user in to the
 * requested client without a password. The session is read like the guard does (no cookie:
 * auth_invalid; damaged: cookie_err; ended or past its TTL: session_invalid; idle:
 * session_expired with the re-authentication details), then the same gates run for the
 * requested client on the session's device. Success opens a session for that client on the
 * same device with a new token; the cookie's old session ends ("replaced"), since the browser
 * holds one cookie. It continues a confirmed session, so PIN or passkey are not asked again.
 */
export async function autologin(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { client: string; redirect: string },
): Promise<LoginAnswer> {
  await assertIpAllowed(app, request.ip);
  const session = await requireSession(app, request, false);
  const client = await passClientGates(app, input.client, input.redirect);
  const user = await app.db.prisma.user.findUniqueOrThrow({
    where: { id: session.userId },
    select: { id: true, email: true, status: true },
  });
  // An account blocked or awaiting a reset signs in again only with its password.
  if (user.status !== 'active') throw new ApiError('session_invalid');
  const companies = await passCompanyGates(app.db, user, client, app.config.PUBLIC_URL);
  passDeviceTypeGate(client, parseUserAgent(request.headers['user-agent']));
  const device = await app.db.prisma.device.findUniqueOrThrow({
    where: { id: session.deviceId },
    select: { status: true },
  });
  passDeviceBlockedGate(client, device);
  return completeSignIn(app, request, reply, {
    userId: user.id,
    client,
    deviceId: session.deviceId,
    method: 'autologin',
    companies,
    confirm: false,
    replacesSessionId: session.id,
  });
}
