import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { assertIpAllowed } from '../abuse/sign-in-defence.js';
import { ApiError } from '../http/api-error.js';
import { passCompanyGates } from '../gates/company-access.js';
import { fingerprintHashOf, passDeviceGates } from '../gates/device-gates.js';
import { passClientGates } from '../gates/sign-in-client.js';
import { parseUserAgent } from '../gates/user-agent.js';
import { checkCredentials } from './check-credentials.js';
import { issueDeviceCode } from './device-code.js';
import type { AttemptContext } from './sign-in-attempts.js';
import { recordFailedAttempt, recordSuccessfulAttempt } from './sign-in-attempts.js';
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
  let blockedNow = false;
  try {
    const client = await passClientGates(app.db, input.client, input.redirect);
    attempt.client = client;

    const credentials = await checkCredentials(
      app,
      attempt.login,
      input.pass,
      client.loginRetryLimit,
    );
    if (!credentials.ok) {
      attempt.userId = credentials.userId;
      blockedNow = credentials.blockedNow;
      throw credentials.error;
    }
    const { user } = credentials;
    attempt.userId = user.id;

    const companies = await passCompanyGates(app.db, user, client, app.config.PUBLIC_URL);
    const device = parseUserAgent(request.headers['user-agent']);
    const fingerprintHash = fingerprintHashOf(input.dcd);
    const known = await passDeviceGates(app.db, {
      userId: user.id,
      fingerprintHash,
      client,
      device,
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

    const answer = await completeSignIn(app, request, reply, {
      userId: user.id,
      client,
      deviceId: known.id,
      method: 'password',
      companies,
      confirm: true,
    });
    await recordSuccessfulAttempt(app, attempt);
    return answer;
  } catch (error) {
    if (error instanceof ApiError) await recordFailedAttempt(app, attempt, error, blockedNow);
    throw error;
  }
}
