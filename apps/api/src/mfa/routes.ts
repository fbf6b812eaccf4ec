import type { FastifyInstance } from 'fastify';
import { calls } from '@portico/contracts';
import { registerCall } from '../http/register-call.js';
import { credentialRateLimit } from '../abuse/sign-in-defence.js';
import { sessionOf } from '../sessions/session-guard.js';
import { readMfaSettings, updateMfaSettings } from './settings.js';
import { setPin } from './set-pin.js';
import { confirmAccountPassword, invalidCredentials } from './account-checks.js';
import { registrationOptions, registrationVerify } from './passkeys/register.js';
import { reauthenticationOptions } from './passkeys/authenticate.js';
import { reauthenticate } from './reauth/reauthenticate.js';

/**
 * Routes: MFA settings, MPIN, passkeys, re-authentication (docs/mfa.md). Every call that checks
 * a credential is rate limited per IP on top of the per-account counting.
 */
export async function mfaRoutes(app: FastifyInstance): Promise<void> {
  const rateLimit = credentialRateLimit();

  registerCall(app, calls.mfa.settings, async (_input, request) => readMfaSettings(app, request));
  registerCall(
    app,
    calls.mfa.updateSettings,
    async ({ body }, request) => updateMfaSettings(app, request, body),
    { rateLimit },
  );
  registerCall(
    app,
    calls.mfa.checkPassword,
    async ({ body }, request) => {
      await confirmAccountPassword(
        app,
        request,
        sessionOf(request),
        body.password,
        invalidCredentials,
      );
      return 'Password confirmed';
    },
    { rateLimit },
  );
  registerCall(app, calls.mfa.setPin, async ({ body }, request) => setPin(app, request, body), {
    rateLimit,
  });

  registerCall(
    app,
    calls.passkeys.registerOptions,
    async ({ body }, request) => registrationOptions(app, request, body.password),
    { rateLimit },
  );
  registerCall(app, calls.passkeys.registerVerify, async ({ body }, request) =>
    registrationVerify(app, request, body),
  );
  registerCall(app, calls.passkeys.authOptions, async (_input, request) =>
    reauthenticationOptions(app, sessionOf(request)),
  );

  registerCall(
    app,
    calls.auth.reauth,
    async ({ body }, request, reply) => reauthenticate(app, request, reply, body),
    { rateLimit },
  );
}
