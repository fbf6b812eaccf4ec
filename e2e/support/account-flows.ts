import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { REGISTER_MESSAGES, SIGN_IN_TEXTS, connectTo } from '@portico/contracts';
import type { Grant, Named } from './admin.js';
import { AdminApi } from './admin.js';
import type { MailBox } from './mail.js';
import { linkIn } from './mail.js';
import { createOwner } from './members.js';
import { uniqueId } from './names.js';
import type { Account, SignInOptions, SignedIn } from './sign-in.js';
import { signInThroughApi } from './sign-in.js';

/** The signInApi fixture: signs an account in through the API from an address of its own. */
export type SignInApi = (
  account: Account,
  options?: Partial<SignInOptions>,
) => Promise<SignedIn & { api: APIRequestContext }>;

/** An application (released: open to every company) with one role, and the grant of it. */
export async function appWithRole(
  admin: AdminApi,
): Promise<{ app: Named; role: Named; grant: Grant }> {
  const app = await admin.createApp();
  const role = await admin.createRole(app.id);
  return { app, role, grant: { app: app.id, roles: [role.id] } };
}

/**
 * The owner of `com` (invited by the platform administrator and registered), signed in there:
 * an administrator who invites into that company, as `createMember` makes one internally.
 */
export async function companyOwnerApi(
  admin: AdminApi,
  publicApi: APIRequestContext,
  mail: MailBox,
  signInApi: SignInApi,
  com: string,
): Promise<AdminApi> {
  const owner = await createOwner(admin, publicApi, mail, com);
  const account = { login: owner.username, password: owner.password, email: owner.email };
  const dcd = uniqueId('dcd');
  const session = await signInApi(account, { dcd, com });
  const signInAgain = async () => {
    await signInThroughApi(session.api, mail, account, { dcd, com });
  };
  return new AdminApi(session.api, signInAgain, com);
}

/** Invites `email` with one grant through `inviter` and answers the /invite link it mailed. */
export async function inviteLink(
  inviter: AdminApi,
  mail: MailBox,
  email: string,
  grant: Grant,
): Promise<URL> {
  const before = await mail.count(email);
  await inviter.invite(email, [grant]);
  const invitation = await mail.waitForMail(email, { after: before, subject: /invited you/ });
  return linkIn(invitation.text, '/invite');
}

/** Where a mailed link points inside the portal (the mail names PUBLIC_URL, the same origin). */
export function pathOf(link: URL): string {
  return `${link.pathname}${link.search}`;
}

/** Username, then password, then Login, on the /sso page already open. */
export async function submitCredentials(page: Page, login: string, password: string) {
  await page.getByLabel('Username').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: SIGN_IN_TEXTS.login }).click();
}

/**
 * Signs in to the portal in the browser as a person does: /sso, credentials, the device code
 * from the mail, the company when several are offered (`companyName`), then straight in.
 */
export async function signInInBrowser(
  page: Page,
  mail: MailBox,
  account: Account,
  companyName?: string,
): Promise<void> {
  await page.goto('/sso');
  await completeSsoInBrowser(page, mail, account, { companyName });
}

/**
 * The same journey on an /sso page already open (a client application or the OpenID Provider
 * sent the browser there): credentials, the mailed device code, the company when several are
 * offered, then, for another application (`app`), "Connect to <app>" and Continue Now; the
 * console's own sign-in goes straight in.
 */
export async function completeSsoInBrowser(
  page: Page,
  mail: MailBox,
  account: Account,
  options: { companyName?: string | undefined; app?: string } = {},
): Promise<void> {
  const { companyName } = options;
  const mailsBefore = await mail.count(account.email);
  await submitCredentials(page, account.login, account.password);

  const code = await mail.waitForCode(account.email, {
    after: mailsBefore,
    subject: 'device verification code',
  });
  await page.getByLabel(SIGN_IN_TEXTS.deviceCodeLabel).fill(code);
  await page.getByRole('button', { name: SIGN_IN_TEXTS.deviceVerify }).click();

  if (companyName !== undefined) {
    await expect(page.getByRole('heading', { name: SIGN_IN_TEXTS.companyTitle })).toBeVisible();
    await page.getByLabel(SIGN_IN_TEXTS.companyLabel).selectOption({ label: companyName });
    await page.getByRole('button', { name: SIGN_IN_TEXTS.continue }).click();
  }
  // Another application's "Connect to <app>" and Continue Now; the console goes straight in,
  // and the journey is over only once it is there (the company chosen, the code redeemed).
  if (options.app !== undefined) {
    await expect(page.getByRole('heading', { name: connectTo(options.app) })).toBeVisible();
    await page.getByRole('button', { name: SIGN_IN_TEXTS.continueNow }).click();
  } else {
    await expect(page).toHaveURL(/\/manage\//, { timeout: 15_000 });
  }
}

/** What a newcomer types into /reg. */
export interface Newcomer {
  displayName: string;
  phone: string;
  username: string;
  password: string;
}

/**
 * Opens a mailed invitation for an e-mail without an account, accepts it and registers at /reg
 * as a person does, ending on the registration's success screen.
 */
export async function acceptAsNewcomer(page: Page, link: URL, person: Newcomer): Promise<void> {
  await page.goto(pathOf(link));
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/reg\?/);
  await page.getByLabel('Display Name').fill(person.displayName);
  await page.getByLabel('Phone').fill(person.phone);
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm Password').fill(person.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: REGISTER_MESSAGES.successTitle }),
  ).toBeVisible();
}
