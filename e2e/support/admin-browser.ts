import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { PORTAL_CLIENT_ID, calls, encodeBase64 } from '@portico/contracts';
import { callApi, newApiContext } from './api.js';
import type { MailBox } from './mail.js';
import { uniqueId } from './names.js';
import { signInThroughApi, type Account } from './sign-in.js';

const SCREENSHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));
const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

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

/** Screenshots of what the page shows once toasts are gone, at desktop and at phone width, then desktop again. */
export async function screenshotBothWidths(page: Page, name: string): Promise<void> {
  // Toasts hide after 4 s; the picture is of the screen, not of them.
  await page
    .locator('.toast.show')
    .first()
    .waitFor({ state: 'hidden', timeout: 6000 })
    .catch(() => undefined);
  for (const [width, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    // Let the layout (and an open dialog's transition) settle at the new width.
    await page.waitForTimeout(350);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS.desktop);
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
