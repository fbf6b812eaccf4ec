import type { APIRequestContext } from '@playwright/test';
import { PORTAL_CLIENT_ID, calls, encodeBase64 } from '@portico/contracts';
import type { AnswerOf } from './api.js';
import { CallFailed, callApi, callOk } from './api.js';
import type { MailBox } from './mail.js';

export interface Account {
  /** Username or e-mail. */
  login: string;
  password: string;
  /** Where device codes go. */
  email: string;
}

export interface SignInOptions {
  /** The device fingerprint: the same one again skips the e-mailed code once verified. */
  dcd: string;
  client?: string;
  redirect?: string;
  /** Choose this company at the end (auth.chooseCompany). */
  com?: string;
}

export interface SignedIn {
  login: AnswerOf<typeof calls.auth.signIn>;
  /** The company choice, when `com` was given: the one-time code and the client's redirect. */
  choice?: AnswerOf<typeof calls.auth.chooseCompany>;
}

/**
 * Signs `api` in through the real calls, as the portal does: POST /v1/auth with base64
 * credentials; on device_add, the code e-mailed to the account, read from the mail peer, goes to
 * /v1/device/verify; then, with `com`, the company is chosen. The context keeps the cookie.
 */
export async function signInThroughApi(
  api: APIRequestContext,
  mail: MailBox,
  account: Account,
  options: SignInOptions,
): Promise<SignedIn> {
  const client = options.client ?? PORTAL_CLIENT_ID;
  const mailsBefore = await mail.count(account.email);
  const first = await callApi(api, calls.auth.signIn, {
    uname: encodeBase64(account.login),
    pass: encodeBase64(account.password),
    client,
    redirect: options.redirect ?? '/',
    dcd: options.dcd,
  });
  let login: AnswerOf<typeof calls.auth.signIn>;
  if (first.Code === 'device_add') {
    const { otpref } = first.Msg as { otpref: string };
    const otp = await mail.waitForCode(account.email, {
      after: mailsBefore,
      subject: 'device verification code',
    });
    login = await callOk(api, calls.devices.verify, { refid: otpref, otp });
  } else if (first.Code === '200') {
    login = first.Msg as AnswerOf<typeof calls.auth.signIn>;
  } else {
    throw new CallFailed(calls.auth.signIn.id, first);
  }
  if (options.com === undefined) return { login };
  const choice = await callOk(api, calls.auth.chooseCompany, { com: options.com, client });
  return { login, choice };
}
