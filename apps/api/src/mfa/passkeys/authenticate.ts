import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Prisma } from '@portico/db';
import type { calls } from '@portico/contracts';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { webauthn } from './webauthn.js';
import { ApiError } from '../../http/api-error.js';
import type { SessionContext } from '../../sessions/session-guard.js';
import {
  CHALLENGE_TTL_MS,
  challengeOf,
  consumeChallenge,
  madeInAForeignFrame,
  storeChallenge,
} from './challenges.js';
import { relyingParty } from './relying-party.js';

type RequestOptions = z.input<typeof calls.passkeys.authOptions.answer>;
export type PasskeyAssertion = Extract<
  z.output<typeof calls.auth.reauth.body>,
  { credential_type: 'passkey' }
>['credential_value'];

/** The user's passkeys, when passkey sign-in is on; none otherwise. */
async function usablePasskeys(app: FastifyInstance, userId: string) {
  const user = await app.db.prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: {
      passkeyEnabled: true,
      passkeys: {
        select: { id: true, credentialId: true, publicKey: true, counter: true, transports: true },
      },
    },
  });
  return user.passkeyEnabled ? user.passkeys : [];
}

/**
 * Request options for re-authentication or the sign-in confirmation, both of which lift a
 * (possibly idle) session: the challenge is bound to that session, the user's passkeys are the
 * only ones allowed, and user verification is required.
 */
export async function reauthenticationOptions(
  app: FastifyInstance,
  session: SessionContext,
): Promise<RequestOptions> {
  const passkeys = await usablePasskeys(app, session.userId);
  if (passkeys.length === 0) throw new ApiError('passkey_invalid');
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(app.config).id,
    allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: p.transports })),
    userVerification: 'required',
    timeout: CHALLENGE_TTL_MS,
  });
  await storeChallenge(app.db, options.challenge, {
    purpose: 'reauthentication',
    sessionId: session.id,
    userId: session.userId,
  });
  // A plain copy: the library's interface has no index signature, the loose answer has one.
  return { ...options };
}

/**
 * WebAuthn ("Verifying an Authentication Assertion"): a user handle the authenticator returns
 * must map to the account being authenticated; the library leaves this to us. Registration
 * gave the user id's UTF-8 bytes as the handle. An empty or missing one is no handle.
 */
function handleNamesUser(userHandle: string | undefined, userId: string): boolean {
  if (userHandle === undefined || userHandle === '') return true;
  return userHandle === Buffer.from(userId, 'utf8').toString('base64url');
}

/** A verified assertion; the counter is written with the session renewal (recordPasskeyUse). */
export interface VerifiedPasskeyUse {
  passkeyId: string;
  previousCounter: bigint;
  newCounter: number;
  backedUp: boolean;
}

/**
 * Verifies an assertion against a re-authentication challenge of this session: spends the
 * challenge first (single use), then checks origin, RP id, user presence and verification, the
 * signature with the stored key, and that a counter in use increased. Any failure is
 * passkey_invalid; the library's reason goes to the log only.
 */
export async function verifyPasskeyAssertion(
  app: FastifyInstance,
  request: FastifyRequest,
  session: SessionContext,
  assertion: PasskeyAssertion,
): Promise<VerifiedPasskeyUse> {
  const challenge = challengeOf(assertion.response.clientDataJSON);
  if (!challenge) throw new ApiError('passkey_invalid');
  const spent = await consumeChallenge(app.db, challenge, {
    purpose: 'reauthentication',
    sessionId: session.id,
  });
  if (!spent || madeInAForeignFrame(assertion.response.clientDataJSON)) {
    throw new ApiError('passkey_invalid');
  }
  const passkey = (await usablePasskeys(app, session.userId)).find(
    (p) => p.credentialId === assertion.id,
  );
  if (!passkey || !handleNamesUser(assertion.response.userHandle, session.userId)) {
    throw new ApiError('passkey_invalid');
  }

  const rp = relyingParty(app.config);
  const { verifyAuthenticationResponse } = await webauthn();
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      // The contract's schema is AuthenticationResponseJSON with bounds (see registerVerify).
      response: assertion as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: Uint8Array.from(passkey.publicKey),
        counter: Number(passkey.counter),
        transports: passkey.transports,
      },
      requireUserVerification: true,
    });
  } catch (error) {
    request.log.info({ reason: (error as Error).message }, 'passkey assertion refused');
    throw new ApiError('passkey_invalid');
  }
  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  // The library refuses a counter that did not increase; checked here too, as it is our rule.
  const counting = passkey.counter > 0n || newCounter > 0;
  if (!verification.verified || (counting && BigInt(newCounter) <= passkey.counter)) {
    throw new ApiError('passkey_invalid');
  }
  return {
    passkeyId: passkey.id,
    previousCounter: passkey.counter,
    newCounter,
    backedUp: credentialBackedUp,
  };
}

/**
 * Writes the new counter only if nobody moved it since it was read (compare and set), so two
 * assertions verified in parallel cannot both pass. Runs in the session renewal's transaction.
 */
export async function recordPasskeyUse(
  tx: Prisma.TransactionClient,
  use: VerifiedPasskeyUse,
): Promise<void> {
  const written = await tx.passkeyCredential.updateMany({
    where: { id: use.passkeyId, counter: use.previousCounter },
    data: { counter: BigInt(use.newCounter), backedUp: use.backedUp, lastUsedAt: new Date() },
  });
  if (written.count !== 1) throw new ApiError('passkey_invalid');
}
