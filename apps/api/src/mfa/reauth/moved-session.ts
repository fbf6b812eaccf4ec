import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import { sha256 } from '../../credentials/tokens.js';
import { issueDeviceCode } from '../../auth/device-code.js';
import { passDeviceGates } from '../../gates/device-gates.js';
import { clientGates, findSignInClient } from '../../gates/sign-in-client.js';
import { parseUserAgent } from '../../gates/user-agent.js';
import type { SessionContext } from '../../sessions/session-guard.js';

/**
 * A re-authentication sent with the fingerprint (`dcd`) of another browser than the session's
 * device is a session cookie carried elsewhere. Lifting it in place would let that browser skip
 * the device verification every sign-in on it goes through, so instead (specification, section
 * 4: "device_add starts device verification") the device gates run for this browser, a code is
 * e-mailed as at sign-in, and the answer is device_add with its reference; the verified code
 * opens a session of its own on this device. The idle session stays as it was.
 */
export async function startDeviceVerificationIfMoved(
  app: FastifyInstance,
  request: FastifyRequest,
  session: SessionContext,
  user: { id: string; email: string },
  body: { dcd?: string | undefined; redirect: string },
): Promise<void> {
  if (body.dcd === undefined) return;
  const fingerprintHash = sha256(body.dcd);
  const device = await app.db.prisma.device.findUnique({
    where: { id: session.deviceId },
    select: { fingerprintHash: true },
  });
  if (device?.fingerprintHash === fingerprintHash) return;

  const found = await findSignInClient(app.db, session.clientId);
  if (!found) throw new ApiError('session_invalid');
  // The code carries the redirect as a sign-in's does, so it passes the sign-in's gates.
  const client = clientGates(found, body.redirect, app.config.LOCALHOST_REDIRECTS);
  const info = parseUserAgent(request.headers['user-agent']);
  await passDeviceGates(app.db, { userId: user.id, fingerprintHash, client, device: info });
  const otpref = await issueDeviceCode(app, request, {
    user,
    client,
    fingerprintHash,
    device: info,
    redirect: body.redirect,
  });
  throw new ApiError('device_add', { otpref });
}
