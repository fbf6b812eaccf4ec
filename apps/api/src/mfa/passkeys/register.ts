import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { calls } from '@portico/contracts';
import { isUniqueViolation } from '@portico/db';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { webauthn } from './webauthn.js';
import { ApiError } from '../../http/api-error.js';
import { auditContext, recordAudit } from '../../audit/record-audit.js';
import { sessionOf } from '../../sessions/session-guard.js';
import { confirmAccountPassword, invalidCredentials } from '../account-checks.js';
import { lockAccountForChange } from '../account-lock.js';
import {
  CHALLENGE_TTL_MS,
  challengeOf,
  consumeChallenge,
  madeInAForeignFrame,
  storeChallenge,
} from './challenges.js';
import { relyingParty } from './relying-party.js';

type CreationOptions = z.input<typeof calls.passkeys.registerOptions.answer>;
type VerifyBody = z.output<NonNullable<typeof calls.passkeys.registerVerify.body>>;

/**
 * Step one of adding a passkey (after the account password): creation options with a
 * challenge bound to this session, user verification required, and the user's existing
 * passkeys excluded so one authenticator is not registered twice.
 */
export async function registrationOptions(
  app: FastifyInstance,
  request: FastifyRequest,
  password: string,
): Promise<CreationOptions> {
  const session = sessionOf(request);
  await confirmAccountPassword(app, request, session, password, invalidCredentials);
  const user = await app.db.prisma.user.findUniqueOrThrow({
    where: { id: session.userId },
    select: {
      id: true,
      username: true,
      displayName: true,
      passkeys: { select: { credentialId: true, transports: true } },
    },
  });
  const rp = relyingParty(app.config);
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.username,
    userID: new TextEncoder().encode(user.id),
    userDisplayName: user.displayName,
    timeout: CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: user.passkeys.map((p) => ({
      id: p.credentialId,
      transports: p.transports,
    })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
  });
  await storeChallenge(app.db, options.challenge, {
    purpose: 'registration',
    sessionId: session.id,
    userId: user.id,
  });
  // A plain copy: the library's interface has no index signature, the loose answer has one.
  return { ...options };
}

/**
 * Step two: spends the challenge (single use, this session only), verifies the attestation
 * (origin, RP id, user presence and verification) and stores the credential. Any failure is
 * passkey_invalid; the library's reason goes to the log only.
 */
export async function registrationVerify(
  app: FastifyInstance,
  request: FastifyRequest,
  body: VerifyBody,
): Promise<string> {
  const session = sessionOf(request);
  const challenge = challengeOf(body.credential.response.clientDataJSON);
  if (!challenge) throw new ApiError('passkey_invalid');
  const spent = await consumeChallenge(app.db, challenge, {
    purpose: 'registration',
    sessionId: session.id,
  });
  if (!spent || madeInAForeignFrame(body.credential.response.clientDataJSON)) {
    throw new ApiError('passkey_invalid');
  }

  const rp = relyingParty(app.config);
  const { verifyRegistrationResponse } = await webauthn();
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      // The contract's schema is RegistrationResponseJSON with bounds; extension outputs are
      // `unknown` there and an open record in the library's DOM types.
      response: body.credential as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch (error) {
    request.log.info({ reason: (error as Error).message }, 'passkey registration refused');
    throw new ApiError('passkey_invalid');
  }
  if (!verification.verified) throw new ApiError('passkey_invalid');
  const info = verification.registrationInfo;
  const transports = body.credential.response.transports ?? info.credential.transports ?? [];
  const platform = onPlatformAuthenticator(body.credential.authenticatorAttachment, transports);

  try {
    await app.db.prisma.$transaction(async (tx) => {
      // Not after a reset or block that landed while the attestation was verified
      // (account-lock.ts); the contract names no account code here, and both end the session.
      await lockAccountForChange(tx, session, 'session_invalid');
      const passkey = await tx.passkeyCredential.create({
        data: {
          credentialId: info.credential.id,
          userId: session.userId,
          publicKey: Uint8Array.from(info.credential.publicKey),
          counter: BigInt(info.credential.counter),
          transports,
          platform,
          deviceType: info.credentialDeviceType,
          backedUp: info.credentialBackedUp,
          name: body.name ?? '',
        },
        select: { id: true },
      });
      await recordAudit(tx, {
        ...auditContext(request),
        action: 'mfa.passkey_added',
        target: passkey.id,
        details: { name: body.name ?? '', device_type: info.credentialDeviceType, platform },
      });
      // is_biometrics_enabled (docs/mfa.md): a passkey verified by the device's own lock.
      if (platform) {
        await tx.user.update({
          where: { id: session.userId },
          data: { biometricsEnabled: true },
        });
      }
    });
  } catch (error) {
    // The same authenticator credential registered before (by anyone): refused, not a 500.
    if (isUniqueViolation(error)) throw new ApiError('passkey_invalid');
    throw error;
  }
  return 'Passkey added';
}

/**
 * A platform authenticator (Touch ID, Windows Hello, a phone's screen lock) rather than a
 * security key or another device: what the browser says of the attachment, or, when it says
 * nothing (older browsers), an `internal` transport.
 */
export function onPlatformAuthenticator(
  attachment: 'platform' | 'cross-platform' | undefined,
  transports: readonly string[],
): boolean {
  if (attachment !== undefined) return attachment === 'platform';
  return transports.includes('internal');
}
