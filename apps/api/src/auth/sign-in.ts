import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { assertIpAllowed } from '../abuse/sign-in-defence.js';
import { ApiError } from '../http/api-error.js';
import { companyGates, sortCompanyAccess } from '../gates/company-access.js';
import { fingerprintHashOf, passDeviceGates } from '../gates/device-gates.js';
import { clientGates } from '../gates/sign-in-client.js';
import { parseUserAgent } from '../gates/user-agent.js';
import { checkCredentials } from './check-credentials.js';
import type { LockOutcome } from '../credentials/lockout.js';
import { issueDeviceCode } from './device-code.js';
import { readSignIn } from './sign-in-reads.js';
import type { AttemptContext } from './sign-in-attempts.js';
import { recordFailedAttempt, successfulAttemptOf } from './sign-in-attempts.js';
import type { LoginAnswer } from './signed-in-session.js';
import { completeSignIn } from './signed-in-session.js';

export interface SignInInput {
  /** Decoded from base64 by the contract. */
  uname: string;
  pass: string;
  client: string;
  redirect: string;
  dcd: string;
}

/**
 * The password sign-in, gate by gate in the order of docs/sign-in.md: banned IP, client and
 * redirect, application disabled, password (before anything that reveals account facts),
 * companies (application status per company, then the user's access and its verification),
 * device type, blocked device, device limit, and a new device's e-mailed code (device_add).
 * Every attempt past the IP gate is recorded; failures are audited.
 *
 * A successful sign-in is two statements around the hash: what the gates look at, read in one
 * (sign-in-reads.ts), and every write in one (sessions/start-session.ts, the attempt's row
 * included), so that the two cores are left to argon2 as much as possible.
 */
export async function signIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  input: SignInInput,
): Promise<LoginAnswer> {
  // A banned IP is refused before anything is read or written for it.
  await assertIpAllowed(app, request.ip);
  const attempt: AttemptContext = {
    ip: request.ip,
    login: input.uname.toLowerCase(),
    client: null,
    userId: null,
  };
  let lockout: LockOutcome = 'none';
  try {
    const fingerprintHash = fingerprintHashOf(input.dcd);
    const reads = await readSignIn(app.db, {
      clientId: input.client,
      login: attempt.login,
      fingerprintHash,
    });
    const client = clientGates(reads.client, input.redirect, app.config.LOCALHOST_REDIRECTS);
    attempt.client = client;

    const credentials = await checkCredentials(
      app,
      attempt.login,
      input.pass,
      client.loginRetryLimit,
      reads.account,
    );
    if (!credentials.ok) {
      attempt.userId = credentials.userId;
      lockout = credentials.lockout;
      throw credentials.error;
    }
    const { user } = credentials;
    attempt.userId = user.id;

    const companies = companyGates(
      sortCompanyAccess(reads.access, client, app.config.PUBLIC_URL),
      client,
    );
    const device = parseUserAgent(request.headers['user-agent']);
    const known = await passDeviceGates(app.db, {
      userId: user.id,
      fingerprintHash,
      client,
      device,
      known: reads.device,
    });
    if (!known) {
      const otpref = await issueDeviceCode(app, request, {
        user,
        client,
        fingerprintHash,
        device,
        redirect: input.redirect,
      });
      throw new ApiError('device_add', { otpref });
    }

    return await completeSignIn(app, request, reply, {
      userId: user.id,
      client,
      deviceId: known.id,
      method: 'password',
      companies,
      confirm: true,
      summary: user.summary,
      attempt: successfulAttemptOf(attempt),
    });
  } catch (error) {
    if (error instanceof ApiError) await recordFailedAttempt(app, attempt, error, lockout);
    throw error;
  }
}
