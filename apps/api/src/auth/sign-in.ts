import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { banRefusal, bannableIp } from '../abuse/sign-in-defence.js';
import { ApiError } from '../http/api-error.js';
import { companyGates, sortCompanyAccess } from '../gates/company-access.js';
import { fingerprintHashOf, passDeviceGates } from '../gates/device-gates.js';
import { clientGates } from '../gates/sign-in-client.js';
import { parseUserAgent } from '../gates/user-agent.js';
import { checkCredentials } from './check-credentials.js';
import type { LockOutcome } from '../credentials/lockout.js';
import {
  refuseUnlessSettled,
  releasePasswordClaim,
  settleRightPassword,
} from '../credentials/lockout.js';
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
 * The password sign-in, gate by gate in the order of docs/sign-in.md: banned IP (read with the
 * rest, in the one statement before the hash: sign-in-reads.ts), client and
 * redirect, application disabled, password (before anything that reveals account facts),
 * companies (application status per company, then the user's access and its verification),
 * device type, blocked device, device limit, and a new device's e-mailed code (device_add).
 * Every attempt past the IP gate is recorded; failures are audited.
 *
 * A successful sign-in is two statements: what the gates look at and the lockout's claim of the
 * guess, in one before the hash (sign-in-reads.ts), and after it every write in one
 * (sessions/start-session.ts: the claim settled, the session, the attempt's row), so that the
 * two cores are left to argon2 as much as possible.
 */
export async function signIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  input: SignInInput,
): Promise<LoginAnswer> {
  const attempt: AttemptContext = {
    ip: request.ip,
    login: input.uname.toLowerCase(),
    client: null,
    userId: null,
  };
  const fingerprintHash = fingerprintHashOf(input.dcd);
  const reads = await readSignIn(app.db, {
    clientId: input.client,
    login: attempt.login,
    fingerprintHash,
    bannableIp: await bannableIp(app, request.ip),
  });
  // A banned IP is refused before any gate: the reads claimed nothing for it, and no attempt is
  // recorded.
  if (reads.ban) throw banRefusal(reads.ban);
  let lockout: LockOutcome = 'none';
  try {
    let client;
    try {
      client = clientGates(reads.client, input.redirect, app.config.LOCALHOST_REDIRECTS);
    } catch (error) {
      // A gate SQL could not check refused after the read claimed the guess: never verified,
      // so it is given back.
      if (reads.claim?.claimed && reads.account)
        await releasePasswordClaim(app.db, reads.account.id);
      throw error;
    }
    attempt.client = client;

    const credentials = await checkCredentials(
      app,
      attempt.login,
      input.pass,
      client.loginRetryLimit,
      reads.account,
      reads.claim,
    );
    if (!credentials.ok) {
      attempt.userId = credentials.userId;
      lockout = credentials.lockout;
      throw credentials.error;
    }
    const { user } = credentials;
    attempt.userId = user.id;

    // The password was right: its lockout claim is still held. The session's statement gives it
    // back; a refusal before it gives it back first, and answers a lockout instead if a
    // parallel guess blocked the account meanwhile (credentials/lockout.ts).
    const device = parseUserAgent(request.headers['user-agent']);
    let companies;
    let known;
    try {
      companies = companyGates(
        sortCompanyAccess(reads.access, client, app.config.PUBLIC_URL),
        client,
      );
      known = await passDeviceGates(app.db, {
        userId: user.id,
        fingerprintHash,
        client,
        device,
        known: reads.device,
      });
    } catch (error) {
      refuseUnlessSettled(await settleRightPassword(app.db, user.id));
      throw error;
    }
    if (!known) {
      refuseUnlessSettled(await settleRightPassword(app.db, user.id));
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
      settlesPassword: true,
    });
  } catch (error) {
    if (error instanceof ApiError) await recordFailedAttempt(app, attempt, error, lockout);
    throw error;
  }
}
