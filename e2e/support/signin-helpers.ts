import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { APP_STATUS, LOGIN_TITLE, SIGN_IN_TEXTS, calls, encodeBase64 } from '@portico/contracts';
import type { AdminApi, AppStatus, ClientOptions, Grant, Named } from './admin.js';
import type { Envelope } from './api.js';
import { callApi, callOk } from './api.js';
import type { MailBox } from './mail.js';
import { linkIn } from './mail.js';
import type { Member } from './members.js';

/** An application with one role and one client, registered for a sign-in journey. */
export interface JourneyClient {
  appId: string;
  appName: string;
  role: Named;
  clientId: string;
  /** The registered redirect; nobody listens there (gate journeys never leave the portal). */
  redirect: string;
  /** /sso for this client and its redirect. */
  ssoPath: string;
}

export interface JourneyClientOptions {
  status?: AppStatus;
  platform?: ClientOptions['platform'];
  deviceLimit?: number;
  retryLimit?: number;
}

const appDesc = 'Sign-in journey application';

/**
 * Changes the application's status (apps.update). Invitations only grant applications the
 * company may use, so a member is invited while it is Released and the status changes after.
 */
export async function setAppStatus(
  admin: AdminApi,
  client: JourneyClient,
  status: AppStatus,
): Promise<void> {
  await admin.call(calls.apps.update, {
    id: client.appId,
    name: client.appName,
    desc: appDesc,
    status: APP_STATUS[status],
    link: '',
  });
}

/** Where gate-journey clients claim to return: a closed port, never reached. */
const UNUSED_REDIRECT = 'http://localhost:9/callback';

export function ssoPath(clientId: string, redirect: string): string {
  return `/sso?${new URLSearchParams({ client: clientId, redir: redirect }).toString()}`;
}

/**
 * Registers an application (its status), a role and a client (its platform), then sets the
 * client's device_limit and login_retry_limit, which only clients.update accepts.
 */
export async function registerJourneyClient(
  admin: AdminApi,
  options: JourneyClientOptions = {},
): Promise<JourneyClient> {
  const app = await admin.createApp({ status: options.status ?? 'released', desc: appDesc });
  const role = await admin.createRole(app.id, { name: 'Viewer' });
  const fields = {
    app: app.id,
    redirect: UNUSED_REDIRECT,
    desc: `Client of ${app.id}`,
    platform: options.platform ?? 'web',
    domain: 'localhost',
    custom_hash: false,
    allow_delete: false,
    allow_multiple_sessions: true,
  } as const;
  const { client_id } = await admin.call(calls.clients.add, fields);
  if (options.deviceLimit !== undefined || options.retryLimit !== undefined) {
    await admin.call(calls.clients.update, {
      ...fields,
      id: client_id,
      ...(options.deviceLimit !== undefined ? { device_limit: options.deviceLimit } : {}),
      ...(options.retryLimit !== undefined ? { login_retry_limit: options.retryLimit } : {}),
    });
  }
  return {
    appId: app.id,
    appName: app.name,
    role,
    clientId: client_id,
    redirect: UNUSED_REDIRECT,
    ssoPath: ssoPath(client_id, UNUSED_REDIRECT),
  };
}

/**
 * Gives an existing member access in the inviter's company too: the invitation mail's link is
 * accepted (/v1/invite/accept), as the member would from the mail.
 */
export async function addToCompany(
  inviter: AdminApi,
  api: APIRequestContext,
  mail: MailBox,
  member: Member,
  roles: Grant[],
): Promise<void> {
  const before = await mail.count(member.email);
  await inviter.invite(member.email, roles);
  const invitation = await mail.waitForMail(member.email, { after: before, subject: /invited/ });
  const link = linkIn(invitation.text, '/invite');
  await callOk(api, calls.invites.accept, {
    access_code: link.searchParams.get('code') ?? '',
    email: member.email,
  });
}

/** One sign-in call through `api` (its client address), answered whatever its Code. */
export function signInCall(
  api: APIRequestContext,
  login: string,
  password: string,
  clientId: string,
  redirect: string,
  dcd: string,
): Promise<Envelope> {
  return callApi(api, calls.auth.signIn, {
    uname: encodeBase64(login),
    pass: encodeBase64(password),
    client: clientId,
    redirect,
    dcd,
  });
}

/**
 * Types the credentials into the login card, presses Login and waits for the API's answer, so a
 * message on screen afterwards is this attempt's and not the previous one's.
 */
export async function submitCredentials(page: Page, login: string, password: string) {
  await page.getByLabel('Username').fill(login);
  await page.getByLabel('Password').fill(password);
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === calls.auth.signIn.path &&
      response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: SIGN_IN_TEXTS.login }).click();
  await answered;
}

/** Whether the focused element shows its focus ring (:focus-visible). */
export function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => document.activeElement?.matches(':focus-visible') ?? false);
}

/** The login card the journeys come back to: its title and the username field. */
export async function expectLoginCard(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: LOGIN_TITLE })).toBeVisible();
  await expect(page.getByLabel('Username')).toBeVisible();
}

export interface TwoCompanyFixtures {
  adminApi: AdminApi;
  api: APIRequestContext;
  mail: MailBox;
  createMember: (options: { roles: Grant[]; company?: string }) => Promise<Member>;
}

/**
 * A member of a new company (invited by its owner) who then accepts an invitation of the
 * platform company too: two companies to choose from at sign-in, each with `roles`.
 */
export async function memberOfTwoCompanies(
  { adminApi, api, mail, createMember }: TwoCompanyFixtures,
  roles: Grant[],
): Promise<{ member: Member; company: Named }> {
  const company = await adminApi.createCompany();
  const member = await createMember({ company: company.id, roles });
  await addToCompany(adminApi, api, mail, member, roles);
  return { member, company };
}
