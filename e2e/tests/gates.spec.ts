import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  PORTAL_CLIENT_ID,
  SIGN_IN_TEXTS,
  calls,
  PLATFORM_COMPANY_ID,
  gatePage,
  type GateCode,
} from '@portico/contracts';
import { callOk } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { uniqueId } from '../support/names.js';
import {
  expectLoginCard,
  registerJourneyClient,
  setAppStatus,
  signInCall,
  ssoPath,
  submitCredentials,
} from '../support/signin-helpers.js';

/** The gate's information page: its title, its text (naming the app where it does), Continue. */
async function expectGatePage(page: Page, code: GateCode, app?: string) {
  const { title, text } = gatePage(code, app);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(text, { exact: true })).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveCount(0);
}

/** Continue on a gate page returns to an empty login form. */
async function continueToLogin(page: Page) {
  await page.getByRole('button', { name: SIGN_IN_TEXTS.continue }).click();
  await expectLoginCard(page);
  await expect(page.getByLabel('Password')).toHaveValue('');
}

test('access_not_found: no access to the client’s application', async ({
  adminApi,
  createMember,
  page,
}) => {
  const client = await registerJourneyClient(adminApi);
  const other = await registerJourneyClient(adminApi);
  const member = await createMember({ roles: [{ app: other.appId, roles: [other.role.id] }] });

  await page.goto(client.ssoPath);
  await submitCredentials(page, member.username, member.password);
  await expectGatePage(page, 'access_not_found', client.appName);
  await continueToLogin(page);
});

test('callback_invalid: an unknown client is told before anyone types', async ({ page }) => {
  await page.goto(ssoPath(randomUUID(), 'http://localhost:9/callback'));
  await expectGatePage(page, 'callback_invalid');
  // Nothing to continue to: this client cannot sign in at all.
  await expect(page.getByRole('button', { name: SIGN_IN_TEXTS.continue })).toHaveCount(0);
});

test('callback_invalid: a redirect outside the registered one', async ({
  adminApi,
  createMember,
  page,
}) => {
  const client = await registerJourneyClient(adminApi);
  const member = await createMember({ roles: [{ app: client.appId, roles: [client.role.id] }] });

  await page.goto(ssoPath(client.clientId, 'https://elsewhere.example.com/callback'));
  await submitCredentials(page, member.username, member.password);
  await expectGatePage(page, 'callback_invalid', client.appName);
  await continueToLogin(page);
});

test('app_disabled: the application was set to Disabled', async ({
  adminApi,
  createMember,
  page,
}) => {
  const client = await registerJourneyClient(adminApi);
  const member = await createMember({ roles: [{ app: client.appId, roles: [client.role.id] }] });
  await setAppStatus(adminApi, client, 'disabled');

  await page.goto(client.ssoPath);
  await submitCredentials(page, member.username, member.password);
  await expectGatePage(page, 'app_disabled', client.appName);
  await continueToLogin(page);
});

test('app_access_prohibited: now Beta, and the company is not subscribed', async ({
  adminApi,
  createMember,
  page,
}) => {
  const client = await registerJourneyClient(adminApi);
  const member = await createMember({ roles: [{ app: client.appId, roles: [client.role.id] }] });
  await setAppStatus(adminApi, client, 'beta');

  await page.goto(client.ssoPath);
  await submitCredentials(page, member.username, member.password);
  await expectGatePage(page, 'app_access_prohibited', client.appName);
  await continueToLogin(page);
});

test('device_type_invalid: an iOS client in a desktop browser', async ({
  adminApi,
  createMember,
  page,
}) => {
  const client = await registerJourneyClient(adminApi, { platform: 'ios' });
  const member = await createMember({ roles: [{ app: client.appId, roles: [client.role.id] }] });

  await page.goto(client.ssoPath);
  await submitCredentials(page, member.username, member.password);
  await expectGatePage(page, 'device_type_invalid', client.appName);
  await continueToLogin(page);
});

test('device_limit_reached: a second device over a limit of one', async ({
  adminApi,
  createMember,
  signInApi,
  page,
}) => {
  const client = await registerJourneyClient(adminApi, { deviceLimit: 1 });
  const member = await createMember({ roles: [{ app: client.appId, roles: [client.role.id] }] });
  // The first device, verified by its e-mailed code.
  await signInApi(
    { login: member.username, password: member.password, email: member.email },
    { client: client.clientId, redirect: client.redirect },
  );

  // This browser is the second.
  await page.goto(client.ssoPath);
  await submitCredentials(page, member.username, member.password);
  await expectGatePage(page, 'device_limit_reached', client.appName);
  await continueToLogin(page);
});

test('unauthorized_device: the owner blocked this browser from another device', async ({
  createMember,
  adminApi,
  signInApi,
  mail,
  page,
  context,
}) => {
  const app = await adminApi.createApp();
  const role = await adminApi.createRole(app.id);
  const member = await createMember({ roles: [{ app: app.id, roles: [role.id] }] });
  const account = { login: member.username, password: member.password, email: member.email };

  // This browser becomes a verified device of the member.
  await page.goto('/sso');
  const mailsBefore = await mail.count(member.email);
  await submitCredentials(page, member.username, member.password);
  const code = await mail.waitForCode(member.email, {
    after: mailsBefore,
    subject: 'device verification code',
  });
  await page.getByLabel(SIGN_IN_TEXTS.deviceCodeLabel).fill(code);
  await page.getByRole('button', { name: SIGN_IN_TEXTS.deviceVerify }).click();
  await expect(page).toHaveURL(/\/manage\/me$/);

  // From another device's session, the member blocks the browser.
  const other = await signInApi(account, { client: PORTAL_CLIENT_ID, com: PLATFORM_COMPANY_ID });
  const { devices, current_device_id } = await callOk(other.api, calls.devices.list);
  const browser = devices.find((device) => device.id !== current_device_id);
  expect(browser, 'the browser is the member’s other device').toBeDefined();
  await callOk(other.api, calls.devices.setStatus, { id: browser?.id ?? '', status: 'blocked' });

  // Signed out there, the blocked browser tries again.
  await context.clearCookies();
  await page.goto('/sso');
  await submitCredentials(page, member.username, member.password);
  await expectGatePage(page, 'unauthorized_device');
  await continueToLogin(page);
});

test('access_unverified: only an invitation not yet accepted', async ({
  adminApi,
  createMember,
  page,
}) => {
  const client = await registerJourneyClient(adminApi);
  const other = await registerJourneyClient(adminApi);
  const member = await createMember({ roles: [{ app: other.appId, roles: [other.role.id] }] });
  // Invited to the client's application too, but the mail is never opened.
  await adminApi.invite(member.email, [{ app: client.appId, roles: [client.role.id] }]);

  await page.goto(client.ssoPath);
  await submitCredentials(page, member.username, member.password);
  await expectGatePage(page, 'access_unverified', client.appName);
  await continueToLogin(page);
});

test('credential_stuffing_detected: ten usernames failing from one address', async ({
  api,
  page,
}) => {
  // Nine distinct names fail through the API from the test's address, the tenth in its browser.
  for (let name = 1; name <= 9; name += 1) {
    const answer = await signInCall(
      api,
      uniqueId('stuffed'),
      'Wrong-pass-1',
      PORTAL_CLIENT_ID,
      '/',
      'dcd-stuffing',
    );
    expect(answer.Code).not.toBe('credential_stuffing_detected');
  }
  await page.goto('/sso');
  await submitCredentials(page, uniqueId('stuffed'), 'Wrong-pass-1');
  await expectGatePage(page, 'credential_stuffing_detected');
  await continueToLogin(page);

  // The address stays banned: the next attempt gets the same page.
  await submitCredentials(page, uniqueId('stuffed'), 'Wrong-pass-1');
  await expectGatePage(page, 'credential_stuffing_detected');
});
