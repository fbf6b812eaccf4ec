import { expect } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
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

/**
 * Closes the toasts on screen and waits until they are gone, so the next toast asserted is the
 * next step's own and not an earlier one still showing.
 *
 * A toast also hides by itself (TOAST_AUTOHIDE_MS). When that happens during a click, the fading
 * toast no longer takes the pointer and is then removed, and a click on it would wait for it until
 * the test's timeout (seen in CI). So each click is short, a missed one is tried again on
 * whatever toast is still shown, and the count at the end is what must hold.
 */
export async function closeToasts(page: Page): Promise<void> {
  const shown = page.locator('.toast.show .btn-close');
  for (let tries = 0; tries < 20 && (await shown.count()) > 0; tries++) {
    await shown
      .first()
      .click({ timeout: 1_000 })
      .catch(() => undefined);
  }
  await expect(page.locator('.toast')).toHaveCount(0);
}

/**
 * Each control is what a tap at its centre and near its corners reaches: nothing on top of it
 * (a toast) hides or swallows it.
 */
export async function expectUncovered(controls: Locator): Promise<void> {
  const all = await controls.all();
  expect(all.length).toBeGreaterThan(0);
  for (const control of all) {
    const reachable = await control.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const spots = [
        [0.5, 0.5],
        [0.15, 0.2],
        [0.85, 0.2],
        [0.15, 0.8],
        [0.85, 0.8],
      ] as const;
      return spots.every(([x, y]) => {
        const hit = document.elementFromPoint(box.left + box.width * x, box.top + box.height * y);
        return hit !== null && element.contains(hit);
      });
    });
    expect(
      reachable,
      `${(await control.getAttribute('aria-label')) ?? (await control.textContent())} is covered`,
    ).toBe(true);
  }
}

/** The list item of a user, found by the full e-mail its truncated text carries as title. */
export function userCard(page: Page, email: string): Locator {
  return page.locator('.accordion-item', { has: page.locator(`[title="${email}"]`) });
}

/** Expands a user's card and waits for the collapse transition to end. */
export async function expandUserCard(page: Page, email: string): Promise<Locator> {
  const item = userCard(page, email);
  await item.locator('.accordion-button').click();
  await expect(item.locator('.accordion-collapse')).toHaveClass(/\bshow\b/);
  return item;
}
