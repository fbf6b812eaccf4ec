import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { assertIpAllowed } from '../abuse/sign-in-defence.js';
import { recordAudit } from '../audit/record-audit.js';
import type { UserStatus } from '@portico/db';
import { ApiError } from '../http/api-error.js';
import { assertAccountUsable } from '../mfa/account-checks.js';
import { passCompanyGates } from '../gates/company-access.js';
import { passDeviceLimitGate } from '../gates/device-gates.js';
import { gateError } from '../gates/gate-error.js';
import { passClientGates } from '../gates/sign-in-client.js';
import { setSessionCookie } from '../sessions/cookie.js';
import { loadUserSummary } from '../sessions/user-summary.js';
import { redeemDeviceCode } from './device-code.js';
import type { LoginAnswer } from './signed-in-session.js';
import { loginAnswer, needsConfirmation, startSession } from './signed-in-session.js';

/**
 * devices.verify: the e-mailed code for a new device. A right code is consumed, the device is
 * added (verified), and the sign-in continues as if the password had just been accepted on a
 * known device: session, cookie, login answer. Everything commits together; a gate that fails
 * now (device limit, blocked device, access gone) rolls back, code included. A wrong, expired,
 * used or exhausted code is invalid_otp, and a wrong one uses up one of its five tries: claimed
 * before it is compared (redeemDeviceCode), so parallel guesses never check more than five.
 */
export async function verifyDevice(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { refid: string; otp: string },
): Promise<LoginAnswer> {
  await assertIpAllowed(app, request.ip);
  const result = await app.db.prisma.$transaction(async (tx) => {
    const code = await redeemDeviceCode(tx, input.refid, input.otp);
    if (!code) return null;
    const client = await passClientGates(app, code.clientId, undefined);
    const user = await tx.user.findUniqueOrThrow({
      where: { id: code.userId },
      select: { id: true, email: true, status: true },
    });
    assertAccountUsable(user.status);
    const companies = await passCompanyGates(app.db, user, client, app.config.PUBLIC_URL);

    // Serialises this user's device additions, so two codes cannot both pass the limit. The
    // locked row is the newest: a block or reset that committed since the read above (and ended
    // the account's sessions) is seen here, and one that comes later waits for this sign-in.
    const [locked] = await tx.$queryRaw<{ status: UserStatus }[]>`
      SELECT status FROM users WHERE id = ${user.id} FOR UPDATE`;
    assertAccountUsable(locked?.status ?? 'blocked');
    const existing = await tx.device.findUnique({
      where: { userId_fingerprintHash: { userId: user.id, fingerprintHash: code.fingerprintHash } },
      select: { id: true, status: true },
    });
    if (existing?.status === 'blocked') throw gateError('unauthorized_device', client.appName);
    if (!existing) await passDeviceLimitGate(tx, user.id, client);
    const now = new Date();
    const device =
      existing ??
      (await tx.device.create({
        data: {
          userId: user.id,
          fingerprintHash: code.fingerprintHash,
          name: code.deviceName ?? 'Unknown',
          type: code.deviceType ?? 'desktop',
          verifiedAt: now,
        },
        select: { id: true, status: true },
      }));
    await recordAudit(tx, {
      action: 'device.verified',
      actorId: user.id,
      clientId: client.id,
      ip: request.ip,
      target: device.id,
    });
    const summary = await loadUserSummary(app.db, user.id, app.config.PUBLIC_URL);
    const started = await startSession(tx, request, {
      userId: user.id,
      client,
      deviceId: device.id,
      method: 'device_code',
      needsConfirmation: needsConfirmation(summary),
    });
    return {
      token: started.token,
      ttl: client.sessionTtl,
      answer: loginAnswer(summary, companies, client, started.failedLoginCount),
    };
  });
  // A wrong guess's try was counted (and committed) by the redeeming UPDATE itself.
  if (!result) throw new ApiError('invalid_otp');
  setSessionCookie(reply, app.config, result.token, result.ttl);
  return result.answer;
}
