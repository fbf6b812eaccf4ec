import type { APIRequestContext, Page } from '@playwright/test';
import { PORTAL_CLIENT_ID, calls, encodeBase64 } from '@portico/contracts';
import { callApi, newApiContext } from './api.js';
import type { MailBox } from './mail.js';
import { uniqueId } from './names.js';
import { signInThroughApi, type Account } from './sign-in.js';

/**
 * Signs `account` in to `com` through the page's own request context (it shares the browser
 * context's cookies), so the portal opened next is signed in. `dcd` names the device; a new one
 * is verified with the e-mailed code.
 */
export async function signInBrowser(
  page: Page,
  mail: MailBox,
  account: Account,
  com: string,
  dcd: string = uniqueId('dcd'),
): Promise<void> {
  await signInThroughApi(page.request, mail, account, { dcd, com });
}

/**
 * Gets `clientIp` banned the way an abuser would: more than 20 credential calls within a minute
 * through the API, from that address alone, for one made-up username (one username keeps it a
 * rate-limit ban rather than credential stuffing). Answers the last code the server gave.
 */
export async function banAddress(clientIp: string): Promise<string> {
  const context: APIRequestContext = await newApiContext(clientIp);
  let code = '';
  try {
    for (let attempt = 0; attempt < 24; attempt += 1) {
      const answer = await callApi(context, calls.auth.signIn, {
        uname: encodeBase64('admin_ban_target'),
        pass: encodeBase64('Wrong-Password-1'),
        client: PORTAL_CLIENT_ID,
        redirect: '/',
        dcd: 'admin-ban-device',
      });
      code = answer.Code;
    }
    return code;
  } finally {
    await context.dispose();
  }
}
