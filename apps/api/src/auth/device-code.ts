import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PRODUCT_NAME } from '@portico/contracts';
import type { Prisma } from '@portico/db';
import { recordAudit } from '../audit/record-audit.js';
import { randomToken, sha256 } from '../credentials/tokens.js';
import type { SignInClient } from '../gates/sign-in-client.js';
import type { DeviceInfo } from '../gates/user-agent.js';
import { oneLine } from '../mail/one-line.js';

/** A device code lives ten minutes and allows five tries; then it is dead (invalid_otp). */
export const DEVICE_CODE_TTL_MINUTES = 10;
export const DEVICE_CODE_MAX_ATTEMPTS = 5;

/** Six digits from the CSPRNG; leading zeros kept. */
export function newDeviceCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** The stored form: SHA-256 of the reference and the code, so equal codes never share a hash. */
export function deviceCodeHash(refId: string, code: string): string {
  return sha256(`${refId}:${code}`);
}

export interface DeviceCodeRequest {
  user: { id: string; email: string };
  client: SignInClient;
  fingerprintHash: string;
  device: DeviceInfo;
  redirect: string;
}

/**
 * A sign-in from a device new to the account: a one-time code bound to user, client,
 * fingerprint and redirect, e-mailed inside the transaction (a refused mail rolls the row back:
 * mail_failed). A newer code supersedes the older live ones of the same device. Returns the
 * reference the portal sends back with the code (the device_add answer's otpref).
 */
export async function issueDeviceCode(
  app: FastifyInstance,
  request: FastifyRequest,
  input: DeviceCodeRequest,
): Promise<string> {
  const refId = randomToken(24);
  const code = newDeviceCode();
  const now = new Date();
  await app.db.prisma.$transaction(async (tx) => {
    await tx.deviceVerificationCode.updateMany({
      where: {
        userId: input.user.id,
        clientId: input.client.id,
        fingerprintHash: input.fingerprintHash,
        usedAt: null,
      },
      data: { usedAt: now },
    });
    await tx.deviceVerificationCode.create({
      data: {
        refId,
        userId: input.user.id,
        clientId: input.client.id,
        fingerprintHash: input.fingerprintHash,
        deviceName: input.device.name,
        deviceType: input.device.type,
        redirect: input.redirect,
        codeHash: deviceCodeHash(refId, code),
        expiresAt: new Date(now.getTime() + DEVICE_CODE_TTL_MINUTES * 60_000),
      },
    });
    await recordAudit(tx, {
      action: 'device.code_sent',
      actorId: input.user.id,
      clientId: input.client.id,
      ip: request.ip,
      target: input.user.id,
      details: { device: input.device.name },
    });
    await app.mailer.send({
      to: input.user.email,
      subject: `${PRODUCT_NAME}: your device verification code`,
      text: deviceCodeMail(code, input.device.name, input.client.appName),
    });
  });
  return refId;
}

function deviceCodeMail(code: string, deviceName: string, appName: string): string {
  return [
    `A sign-in to ${oneLine(appName)} was started from a device we do not know yet (${oneLine(deviceName)}).`,
    '',
    `Your verification code: ${code}`,
    '',
    `It expires in ${DEVICE_CODE_TTL_MINUTES} minutes and can be used once.`,
    'If this was not you, do not share the code and change your password.',
  ].join('\n');
}

/** What a redeemed code was bound to. */
export interface RedeemedCode {
  userId: string;
  clientId: string;
  fingerprintHash: string;
  deviceName: string | null;
  deviceType: string | null;
}

/**
 * One guess at the code, claimed before it is compared: a single conditional UPDATE on a live
 * code (unused, unexpired, under its five tries) that consumes it when the guess is right and
 * uses up one try when it is wrong. Concurrent guesses queue on the row's lock and each
 * re-checks the tries left, so however many arrive at once at most five are ever compared (a
 * guess that finds the tries spent is refused uncompared), and a right code is used once.
 * The wrong try is counted inside the caller's transaction, which commits it (a rolled-back
 * right guess gives its code back unused). Null for a wrong, dead or unknown code.
 */
export async function redeemDeviceCode(
  tx: Prisma.TransactionClient,
  refId: string,
  code: string,
): Promise<RedeemedCode | null> {
  const guess = deviceCodeHash(refId, code);
  const rows = await tx.$queryRaw<
    {
      right: boolean;
      user_id: string;
      client_id: string;
      fingerprint_hash: string;
      device_name: string | null;
      device_type: string | null;
    }[]
  >`
    UPDATE device_verification_codes
       SET used_at = CASE WHEN code_hash = ${guess} THEN now() END,
           attempts = attempts + CASE WHEN code_hash = ${guess} THEN 0 ELSE 1 END
     WHERE ref_id = ${refId} AND used_at IS NULL AND expires_at > now()
       AND attempts < ${DEVICE_CODE_MAX_ATTEMPTS}
 RETURNING code_hash = ${guess} AS right, user_id, client_id, fingerprint_hash, device_name,
           device_type`;
  const row = rows[0];
  if (!row?.right) return null;
  return {
    userId: row.user_id,
    clientId: row.client_id,
    fingerprintHash: row.fingerprint_hash,
    deviceName: row.device_name,
    deviceType: row.device_type,
  };
}
