import type { APIRequestContext, Page } from '@playwright/test';
import { PORTAL_CLIENT_ID, calls, encodeBase64 } from '@portico/contracts';
import { AdminApi } from './admin.js';
import { callApi, newApiContext } from './api.js';
import type { MailBox } from './mail.js';
import type { Member } from './members.js';
import { uniqueId } from './names.js';
import { signInThroughApi } from './sign-in.js';

/**
 * Signs a member in to `com` through the page's own request context, which shares the browser
 * context's cookie jar: the portal opened afterwards is signed in. Answers an AdminApi over the
 * same session, for seeding as that member.
 */
export async function signInPage(
  page: Page,
  mail: MailBox,
  member: Member,
  com: string,
): Promise<AdminApi> {
  const account = { login: member.username, password: member.password, email: member.email };
  const dcd = uniqueId('dcd');
  const signIn = async () => {
    await signInThroughApi(page.request, mail, account, { dcd, com });
  };
  await signIn();
  return new AdminApi(page.request, signIn, com);
}

/**
 * Blocks an account the way an attacker would: wrong passwords through the API, from an address
 * of its own, until the server answers account_blocked.
 */
export async function blockAccount(clientIp: string, username: string): Promise<void> {
  const context: APIRequestContext = await newApiContext(clientIp);
  try {
    for (let attempt = 0; attempt < 25; attempt += 1) {
      const answer = await callApi(context, calls.auth.signIn, {
        uname: encodeBase64(username),
        pass: encodeBase64('Wrong-Password-1'),
        client: PORTAL_CLIENT_ID,
        redirect: '/',
        dcd: 'users-block-device',
      });
      if (answer.Code === 'account_blocked') return;
    }
    throw new Error(`${username} was not blocked by wrong passwords`);
  } finally {
    await context.dispose();
  }
}
