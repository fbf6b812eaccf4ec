import type { FastifyInstance } from 'fastify';
import { calls } from '@portico/contracts';
import { credentialRateLimit } from '../../abuse/sign-in-defence.js';
import { registerCall } from '../../http/register-call.js';
import {
  confirmTotp,
  disableTotp,
  regenerateRecoveryCodes,
  startTotpSetup,
  totpStatus,
} from './factor.js';

/** Routes: authenticator apps and recovery codes (docs/mfa.md), rate limited per IP. */
export async function totpRoutes(app: FastifyInstance): Promise<void> {
  const rateLimit = credentialRateLimit();
  registerCall(app, calls.totp.status, async (_input, request) => totpStatus(app, request));
  registerCall(
    app,
    calls.totp.setup,
    async ({ body }, request) => startTotpSetup(app, request, body.password),
    { rateLimit },
  );
  registerCall(
    app,
    calls.totp.confirm,
    async ({ body }, request) => confirmTotp(app, request, body.code),
    { rateLimit },
  );
  registerCall(
    app,
    calls.totp.disable,
    async ({ body }, request) => disableTotp(app, request, body.password),
    { rateLimit },
  );
  registerCall(
    app,
    calls.totp.regenerateRecoveryCodes,
    async ({ body }, request) => regenerateRecoveryCodes(app, request, body.password),
    { rateLimit },
  );
}
