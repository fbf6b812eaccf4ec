import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { calls } from '@portico/contracts';
import { ApiError } from '../../http/api-error.js';
import { auditContext, recordAudit } from '../../audit/record-audit.js';
import { sessionOf } from '../../sessions/session-guard.js';
import { renewSessionToken } from '../../sessions/session-store.js';
import { setSessionCookie } from '../../sessions/cookie.js';
import { assertAccountUsable, confirmAccountPassword } from '../account-checks.js';
import type { VerifiedPasskeyUse } from '../passkeys/authenticate.js';
import { recordPasskeyUse, verifyPasskeyAssertion } from '../passkeys/authenticate.js';
import { checkPin } from './pin-check.js';
import { checkSecondFactor } from '../totp/second-factor-check.js';
import { assertConfirmationMethod, awaitsSignInConfirmation } from './confirmation.js';
import { startDeviceVerificationIfMoved } from './moved-session.js';

type ReauthBody = z.output<typeof calls.auth.reauth.body>;

/**
 * Lifts an idle session in place (and confirms a sign-in, whose session starts idle) with the
 * password, the MPIN or a passkey. Success gives the session a new token, so the old cookie
 * stops working, and marks it active; its TTL does not restart. From another browser than the
 * session's device the right credential starts device verification instead (device_add).
 */
export async function reauthenticate(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  body: ReauthBody,
): Promise<string> {
  const session = sessionOf(request);
  // The dialog re-authenticates the session of the client it was opened for, no other.
  if (body.client !== session.clientId) throw new ApiError('callback_invalid');

  const user = await app.db.prisma.user.findUniqueOrThrow({
    where: { id: session.userId },
    select: {
      id: true,
      email: true,
      status: true,
      pinEnabled: true,
      passkeyEnabled: true,
      pin: { select: { hash: true } },
      totp: { select: { secretSealed: true } },
      _count: { select: { passkeys: true } },
    },
  });
  assertAccountUsable(user.status);
  if (awaitsSignInConfirmation(session)) {
    assertConfirmationMethod(body.credential_type, {
      pinEnabled: user.pinEnabled,
      passkeyEnabled: user.passkeyEnabled,
      hasPin: user.pin !== null,
      passkeys: user._count.passkeys,
      hasTotp: Boolean(user.totp?.secretSealed),
    });
  }

  let passkeyUse: VerifiedPasskeyUse | undefined;
  switch (body.credential_type) {
    case 'password':
      await confirmAccountPassword(
        app,
        request,
        session,
        body.credential_value,
        (retriesLeft) => new ApiError('account_failed', { retries_left: retriesLeft }),
      );
      break;
    case 'mpin':
      await checkPin(app, request, session, body.credential_value, user);
      break;
    case 'passkey':
      passkeyUse = await verifyPasskeyAssertion(app, request, session, body.credential_value);
      break;
    case 'totp':
    case 'recovery':
      await checkSecondFactor(app, request, session, {
        type: body.credential_type,
        value: body.credential_value,
      });
      break;
    default:
      // Every credential type of the contract is checked above; a new one must be added here.
      body satisfies never;
      throw new ApiError('invalid_credentials');
  }
  // The credential is right, but this browser may not be the session's device.
  await startDeviceVerificationIfMoved(app, request, session, user, body);

  const renewed = await app.db.prisma.$transaction(async (tx) => {
    if (passkeyUse) await recordPasskeyUse(tx, passkeyUse);
    // Signed out or revoked while the credential was being checked (or the counter written):
    // nothing to lift, session_invalid, and the counter's write rolls back with it.
    const token = await renewSessionToken(tx, session.id);
    await recordAudit(tx, {
      ...auditContext(request),
      action: 'auth.reauthenticated',
      target: session.id,
      details: { method: body.credential_type, confirmation: awaitsSignInConfirmation(session) },
    });
    return token;
  });
  const secondsLeft = Math.max(1, Math.ceil((renewed.expiresAt.getTime() - Date.now()) / 1000));
  setSessionCookie(reply, app.config, renewed.token, secondsLeft);
  return 'Re-authenticated';
}
