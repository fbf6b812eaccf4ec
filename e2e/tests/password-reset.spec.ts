import type { APIRequestContext } from '@playwright/test';
import {
  CODES,
  CONFIRM_MESSAGES,
  FORGOT_MESSAGES,
  RESET_MESSAGES,
  SIGN_IN_TEXTS,
  PASSWORD_MAX_DEFAULT,
  attemptsRemaining,
  calls,
  encodeBase64,
  passwordHelp,
} from '@portico/contracts';
import { callOk } from '../support/api.js';
import { expireResetLinks } from '../support/account-database.js';
import {
  appWithRole,
  pathOf,
  signInInBrowser,
  submitCredentials,
} from '../support/account-flows.js';
import { escapeRegExp, expectFieldMessage } from '../support/account-forms.js';
import { screenshotBothWidths } from '../support/screenshots.js';
import { expect, test } from '../support/fixtures.js';
import type { MailBox } from '../support/mail.js';
import { linkIn } from '../support/mail.js';
import type { Member } from '../support/members.js';
import { uniqueEmail, uniquePassword } from '../support/names.js';

const RESET_SUBJECT = 'Reset your';

/** Asks for a reset link through the API (as /forgot does) and answers the mailed link. */
async function mailedResetLink(api: APIRequestContext, mail: MailBox, member: Member) {
  const before = await mail.count(member.email);
  await callOk(api, calls.forgot.request, { email: member.username });
  const message = await mail.waitForMail(member.email, { after: before, subject: RESET_SUBJECT });
  return linkIn(message.text, '/reset');
}

/** "N attempts remaining." whatever N is: the sign-in's answer to a wrong password. */
const ATTEMPTS_REMAINING = new RegExp(escapeRegExp(attemptsRemaining(0)).replace('0', '\\d+'));

test('forgot and reset: the mailed link sets a new password and the old one stops working', async ({
  adminApi,
  createMember,
  mail,
  page,
}) => {
  const { grant } = await appWithRole(adminApi);
  const member = await createMember({ roles: [grant] });

  await page.goto('/forgot');
  await expect(page.getByRole('heading', { level: 1, name: FORGOT_MESSAGES.title })).toBeVisible();
  const field = page.getByLabel('Username or Email');
  const send = page.getByRole('button', { name: 'Send Reset Link' });
  await expect(send).toBeDisabled();
  await field.fill('   ');
  await expect(send).toBeDisabled();
  await field.fill(member.username);
  await expect(send).toBeEnabled();
  await screenshotBothWidths(page, 'forgot');

  const before = await mail.count(member.email);
  await send.click();
  await expect(
    page.getByRole('heading', { level: 1, name: FORGOT_MESSAGES.successTitle }),
  ).toBeVisible();
  await expect(page.getByText(FORGOT_MESSAGES.successText)).toBeVisible();
  await screenshotBothWidths(page, 'forgot-sent');

  const message = await mail.waitForMail(member.email, { after: before, subject: RESET_SUBJECT });
  const link = linkIn(message.text, '/reset');
  expect(link.origin).toBe('http://localhost:1234');
  await page.goto(pathOf(link));

  const username = page.getByLabel('Username');
  const password = page.getByLabel('New Password', { exact: true });
  const confirm = page.getByLabel('Confirm New Password');
  await expect(username).toBeVisible();
  const newPassword = uniquePassword();
  await username.fill(member.username);
  await password.fill(newPassword);
  await confirm.fill(`${newPassword}x`);
  await confirm.blur();
  await expectFieldMessage(confirm, CONFIRM_MESSAGES.mismatch);
  await screenshotBothWidths(page, 'reset');
  await confirm.fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: RESET_MESSAGES.success })).toBeVisible();
  await screenshotBothWidths(page, 'reset-success');

  // Go to Login leads to / which, without a session, is the portal's login.
  await page.getByRole('button', { name: 'Go to Login' }).click();
  await expect(page.getByRole('button', { name: SIGN_IN_TEXTS.login })).toBeVisible();
  await submitCredentials(page, member.username, member.password);
  await expect(page.getByRole('alert')).toHaveText(ATTEMPTS_REMAINING);

  await signInInBrowser(page, mail, {
    login: member.username,
    password: newPassword,
    email: member.email,
  });
  await expect(page).toHaveURL(/\/manage\/me$/);
  await expect(
    page.getByRole('button', { name: `Account menu of ${member.displayName}` }),
  ).toBeVisible();
});

test('an expired reset link sends the user to /forgot, which says it has expired', async ({
  adminApi,
  createMember,
  api,
  mail,
  page,
}) => {
  const { grant } = await appWithRole(adminApi);
  const member = await createMember({ roles: [grant] });
  const link = await mailedResetLink(api, mail, member);
  const aged = await expireResetLinks(member.username);
  test.skip(aged === undefined, 'ageing a reset link needs the run on PostgreSQL');
  expect(aged).toBe(1);

  await page.goto(pathOf(link));
  await expect(page).toHaveURL(/\/forgot$/);
  await expect(page.getByRole('heading', { level: 1, name: FORGOT_MESSAGES.title })).toBeVisible();
  await expect(page.getByText(RESET_MESSAGES.expired)).toBeVisible();
  await screenshotBothWidths(page, 'forgot-link-expired');
});

test('a reset link used once says so when opened again', async ({
  adminApi,
  createMember,
  api,
  mail,
  page,
}) => {
  const { grant } = await appWithRole(adminApi);
  const member = await createMember({ roles: [grant] });
  const link = await mailedResetLink(api, mail, member);
  const code = link.searchParams.get('code') ?? '';
  await callOk(api, calls.forgot.update, {
    code,
    pass: encodeBase64(uniquePassword()),
    username: member.username,
  });

  await page.goto(pathOf(link));
  await expect(page).toHaveURL(/\/forgot$/);
  await expect(page.getByText(RESET_MESSAGES.used)).toBeVisible();
});

test('a made-up reset code is an invalid link', async ({ page }) => {
  await page.goto('/reset?code=made-up-reset-code');
  await expect(page).toHaveURL(/\/forgot$/);
  await expect(page.getByText(RESET_MESSAGES.invalid)).toBeVisible();
});

test('asking for a link for an unknown account answers like for a known one', async ({ page }) => {
  // REVEAL_ACCOUNT_STATE is off in the stack: nobody learns which accounts exist.
  await page.goto('/forgot');
  await page.getByLabel('Username or Email').fill(uniqueEmail('stranger'));
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: FORGOT_MESSAGES.successTitle }),
  ).toBeVisible();
  await expect(page.getByText(FORGOT_MESSAGES.successText)).toBeVisible();
});

test('a reset takes a long passphrase and refuses a common password with its own message', async ({
  adminApi,
  createMember,
  api,
  mail,
  page,
}) => {
  const { grant } = await appWithRole(adminApi);
  const member = await createMember({ roles: [grant] });
  const link = await mailedResetLink(api, mail, member);
  await page.goto(pathOf(link));
  const username = page.getByLabel('Username');
  const password = page.getByLabel('New Password', { exact: true });
  const confirm = page.getByLabel('Confirm New Password');
  const submit = page.getByRole('button', { name: 'Reset Password' });

  // Issue 12, item 7: common and breached passwords are refused (PASSWORD_BLOCKLIST).
  await username.fill(member.username);
  await password.fill('Password1');
  await confirm.fill('Password1');
  await submit.click();
  await expect(page.getByText(CODES.password_too_common.text)).toBeVisible();

  // More than the specification's 50 characters (the default maximum is 128); the hint says so.
  await expect(page.getByText(passwordHelp(PASSWORD_MAX_DEFAULT))).toBeVisible();
  const passphrase = `${uniquePassword()}-correct-horse-battery-staple-over-fifty-characters`;
  expect(passphrase.length).toBeGreaterThan(50);
  await password.fill(passphrase);
  await confirm.fill(passphrase);
  await submit.click();
  await expect(page.getByRole('heading', { level: 1, name: RESET_MESSAGES.success })).toBeVisible();

  await signInInBrowser(page, mail, {
    login: member.username,
    password: passphrase,
    email: member.email,
  });
  await expect(page).toHaveURL(/\/manage\/me$/);
});
