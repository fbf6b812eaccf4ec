import type { Page } from '@playwright/test';
import {
  DEVICE_MESSAGES,
  DEVICE_VERIFIED_DELAY_MS,
  LOGIN_MESSAGES,
  PLATFORM_COMPANY_ID,
  PORTAL_CLIENT_ID,
  PRODUCT_NAME,
  SIGN_IN_REDIRECT_COUNTDOWN_S,
  SIGN_IN_TEXTS,
  connectTo,
  redirectingIn,
} from '@portico/contracts';
import { expect, test } from '../support/fixtures.js';
import type { MailBox } from '../support/mail.js';
import type { Member } from '../support/members.js';
import { uniqueId } from '../support/names.js';
import {
  expectLoginCard,
  memberOfTwoCompanies,
  registerJourneyClient,
  signInCall,
  submitCredentials,
} from '../support/signin-helpers.js';

/** Any of the countdown's texts ("Redirecting in 3 seconds…" down to 0). */
const COUNTDOWN = new RegExp(
  Array.from({ length: SIGN_IN_REDIRECT_COUNTDOWN_S + 1 }, (_, seconds) =>
    redirectingIn(seconds).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  ).join('|'),
);

/** Waits for the e-mailed device code and confirms it on the device step. */
async function confirmDevice(page: Page, mail: MailBox, member: Member, mailsBefore: number) {
  const code = await mail.waitForCode(member.email, {
    after: mailsBefore,
    subject: 'device verification code',
  });
  await expect(page.getByRole('heading', { name: SIGN_IN_TEXTS.deviceTitle })).toBeVisible();
  await page.getByLabel(SIGN_IN_TEXTS.deviceCodeLabel).fill(code);
  await page.getByRole('button', { name: SIGN_IN_TEXTS.deviceVerify }).click();
}

test('one company is chosen at once and the console opens straight in, with no Connect page', async ({
  adminApi,
  createMember,
  mail,
  page,
}) => {
  const app = await adminApi.createApp();
  const role = await adminApi.createRole(app.id);
  const member = await createMember({ roles: [{ app: app.id, roles: [role.id] }] });

  await page.goto('/sso');
  const mailsBefore = await mail.count(member.email);
  await submitCredentials(page, member.username, member.password);
  await confirmDevice(page, mail, member, mailsBefore);

  // One company: no dropdown; the console's own sign-in needs no "Connect to Portico" page
  // and its countdown (issue 17): the shell's first page opens at once.
  const landingSeen = page
    .getByRole('heading', { name: connectTo(PRODUCT_NAME) })
    .waitFor({ timeout: 5_000 })
    .then(
      () => true,
      () => false,
    );
  await expect(page).toHaveURL(/\/manage\/me$/);
  expect(await landingSeen).toBe(false);
  await expect(page.getByText(COUNTDOWN)).toHaveCount(0);
  await expect(
    page.getByRole('button', { name: `Account menu of ${member.displayName}` }),
  ).toBeVisible();
});

test('several companies: the dropdown and Continue, then the sample client signs in', async ({
  adminApi,
  api,
  createMember,
  mail,
  sampleClient,
  page,
}) => {
  const roles = [{ app: sampleClient.appId, roles: [sampleClient.role.id] }];
  const { member, company } = await memberOfTwoCompanies(
    { adminApi, api, mail, createMember },
    roles,
  );

  await page.goto(sampleClient.signInUrl);
  const mailsBefore = await mail.count(member.email);
  await submitCredentials(page, member.username, member.password);
  await confirmDevice(page, mail, member, mailsBefore);

  await expect(page.getByRole('heading', { name: SIGN_IN_TEXTS.companyTitle })).toBeVisible();
  const select = page.getByLabel(SIGN_IN_TEXTS.companyLabel);
  await expect(select.getByRole('option')).toHaveCount(2);
  await expect(select.getByRole('option', { name: company.name })).toHaveCount(1);
  await select.selectOption({ label: company.name });
  await page.getByRole('button', { name: SIGN_IN_TEXTS.continue }).click();

  await expect(page.getByRole('heading', { name: connectTo(sampleClient.appName) })).toBeVisible();
  await expect(page.getByText(COUNTDOWN)).toBeVisible();

  // The countdown ends on the client's callback, which exchanged the code for this company.
  await expect(page).toHaveURL(new RegExp(`^${sampleClient.url}/callback\\?`), {
    timeout: 10_000,
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Signed in' })).toBeVisible();
  await expect(page.locator('[data-field="username"]')).toHaveText(member.username);
  await expect(page.locator('[data-field="company-id"]')).toHaveText(company.id);
  expect(company.id).not.toBe(PLATFORM_COMPANY_ID);
});

test('a new device is confirmed by the e-mailed code, once per browser', async ({
  adminApi,
  createMember,
  mail,
  page,
  context,
}) => {
  const app = await adminApi.createApp();
  const role = await adminApi.createRole(app.id);
  const member = await createMember({ roles: [{ app: app.id, roles: [role.id] }] });

  await page.goto('/sso');
  const mailsBefore = await mail.count(member.email);
  await submitCredentials(page, member.username, member.password);
  const code = await mail.waitForCode(member.email, {
    after: mailsBefore,
    subject: 'device verification code',
  });
  await expect(page.getByRole('heading', { name: SIGN_IN_TEXTS.deviceTitle })).toBeVisible();
  await expect(page.getByText(SIGN_IN_TEXTS.deviceText)).toBeVisible();

  // A wrong code is refused in place; the right one still works afterwards.
  const codeField = page.getByLabel(SIGN_IN_TEXTS.deviceCodeLabel);
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: SIGN_IN_TEXTS.deviceVerify }).click();
  await expect(page.getByRole('alert')).toHaveText(DEVICE_MESSAGES.invalidOtp);

  await codeField.fill(code);
  await page.getByRole('button', { name: SIGN_IN_TEXTS.deviceVerify }).click();
  const success = page.getByText(DEVICE_MESSAGES.verified);
  await expect(success).toBeVisible();
  const shownAt = Date.now();

  // The success message stays about two seconds, then the journey continues by itself.
  const shell = /\/manage\/me$/;
  await expect(page).toHaveURL(shell, { timeout: DEVICE_VERIFIED_DELAY_MS + 5_000 });
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(DEVICE_VERIFIED_DELAY_MS - 500);

  // Signed out (the cookie gone), the same browser signs in again without a code.
  await context.clearCookies();
  const mailsAfter = await mail.count(member.email);
  await page.goto('/sso');
  await submitCredentials(page, member.username, member.password);
  await expect(page).toHaveURL(shell);
  await expect(page.getByRole('heading', { name: SIGN_IN_TEXTS.deviceTitle })).toHaveCount(0);
  expect(await mail.count(member.email)).toBe(mailsAfter);
});

test('wrong passwords count down to a blocked account that the right one cannot open', async ({
  adminApi,
  createMember,
  page,
}) => {
  const retryLimit = 3;
  const client = await registerJourneyClient(adminApi, { retryLimit });
  const member = await createMember({ roles: [{ app: client.appId, roles: [client.role.id] }] });

  await page.goto(client.ssoPath);
  const alert = page.getByRole('alert');
  for (let left = retryLimit - 1; left > 0; left -= 1) {
    await submitCredentials(page, member.username, `${member.password}-wrong`);
    await expect(alert).toHaveText(LOGIN_MESSAGES.attemptsRemaining(left));
    // The refused password is cleared for the next try.
    await expect(page.getByLabel('Password')).toHaveValue('');
  }
  await submitCredentials(page, member.username, `${member.password}-wrong`);
  await expect(alert).toHaveText(LOGIN_MESSAGES.blocked);

  await submitCredentials(page, member.username, member.password);
  await expect(alert).toHaveText(LOGIN_MESSAGES.blocked);
  await expect(page.getByRole('heading', { name: SIGN_IN_TEXTS.deviceTitle })).toHaveCount(0);
});

test('more than 20 credential calls a minute from one address are refused for 15 minutes', async ({
  adminApi,
  api,
  createMember,
  page,
}) => {
  const app = await adminApi.createApp();
  const role = await adminApi.createRole(app.id);
  const member = await createMember({ roles: [{ app: app.id, roles: [role.id] }] });
  // One unknown name keeps the failures away from the credential-stuffing rule (distinct names).
  const nobody = uniqueId('nobody');

  // 19 calls through the API from the test's address, the 20th and later in its browser.
  for (let call = 1; call <= 19; call += 1) {
    const answer = await signInCall(api, nobody, 'Wrong-pass-1', PORTAL_CLIENT_ID, '/', 'dcd-x');
    expect(answer.Code).not.toBe('rate_limit_exceeded');
  }
  await page.goto('/sso');
  const alert = page.getByRole('alert');
  await submitCredentials(page, nobody, 'Wrong-pass-1');
  await expect(alert).not.toHaveText(LOGIN_MESSAGES.rateLimited);
  await expect(alert).toBeVisible();

  await submitCredentials(page, nobody, 'Wrong-pass-1');
  await expect(alert).toHaveText(LOGIN_MESSAGES.rateLimited);

  // Banned: even the right credentials of a real account are refused the same way.
  await submitCredentials(page, member.username, member.password);
  await expect(alert).toHaveText(LOGIN_MESSAGES.rateLimited);
  await expect(page.getByRole('heading', { name: SIGN_IN_TEXTS.deviceTitle })).toHaveCount(0);
});

test('"Forgot password?" appears once a username is typed and leads to /forgot', async ({
  page,
}) => {
  await page.goto('/sso');
  await expectLoginCard(page);
  const forgot = page.getByRole('link', { name: SIGN_IN_TEXTS.forgotLink });
  await expect(forgot).toHaveCount(0);

  await page.getByLabel('Username').fill('someone');
  await expect(forgot).toBeVisible();
  await page.getByLabel('Username').fill('');
  await expect(forgot).toHaveCount(0);

  await page.getByLabel('Username').fill('someone');
  await forgot.click();
  await expect(page).toHaveURL(/\/forgot$/);
});
