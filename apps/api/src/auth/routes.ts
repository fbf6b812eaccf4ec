import type { FastifyInstance } from 'fastify';
import { auth, devices, session } from '@portico/contracts';
import { credentialRateLimit } from '../abuse/sign-in-defence.js';
import { registerCall } from '../http/register-call.js';
import { countSignIn } from '../metrics/count-sign-in.js';
import { autologin } from './autologin.js';
import { chooseCompany } from './choose-company.js';
import { landingIcon } from './landing-icon.js';
import { sessionCompanies, setSessionCompany } from './session-company.js';
import { sessionDetails } from './session-details.js';
import { signIn } from './sign-in.js';
import { signOut } from './sign-out.js';
import { verifyDevice } from './verify-device.js';

/**
 * Routes: sign-in, auto-login, company choice, session details, sign-out, landing icon, the
 * session's company, and device verification (the sign-in's second step). How they decide is
 * in docs/sign-in.md.
 */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  // The three ways to sign in are counted by outcome (portico_sign_ins_total).
  registerCall(
    app,
    auth.signIn,
    ({ body }, request, reply) =>
      countSignIn(app, 'password', () => signIn(app, request, reply, body)),
    { rateLimit: credentialRateLimit() },
  );
  registerCall(
    app,
    devices.verify,
    ({ body }, request, reply) =>
      countSignIn(app, 'device_code', () => verifyDevice(app, request, reply, body)),
    { rateLimit: credentialRateLimit() },
  );
  registerCall(app, auth.autologin, ({ body }, request, reply) =>
    countSignIn(app, 'autologin', () => autologin(app, request, reply, body)),
  );
  registerCall(app, auth.chooseCompany, ({ body }, request) => chooseCompany(app, request, body));
  registerCall(app, auth.details, (_input, request, reply) => sessionDetails(app, request, reply));
  registerCall(app, auth.signOut, (_input, request, reply) => signOut(app, request, reply));
  registerCall(app, auth.landingIcon, ({ query }) => landingIcon(app, query.client));
  registerCall(app, session.setCompany, ({ body }, request) =>
    setSessionCompany(app, request, body.com),
  );
  registerCall(app, session.companies, (_input, request) => sessionCompanies(app, request));
}
