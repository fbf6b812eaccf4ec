import {
  ACCOUNT_MESSAGES,
  CONFIRM_MESSAGES,
  INVITE_MESSAGES,
  REGISTER_MESSAGES,
  inviteText,
} from '@portico/contracts';
import {
  appWithRole,
  companyOwnerApi,
  inviteLink,
  pathOf,
  signInInBrowser,
} from '../support/account-flows.js';
import { expectFieldMessage } from '../support/account-forms.js';
import { screenshotBothWidths } from '../support/screenshots.js';
import { expect, test } from '../support/fixtures.js';
import { linkIn } from '../support/mail.js';
import { uniqueEmail, uniqueId, uniquePassword } from '../support/names.js';
import { ADMIN } from '../support/stack.js';

test('an existing member accepts an invitation into another company and signs in there', async ({
  adminApi,
  api,
  mail,
  createMember,
  signInApi,
  page,
}) => {
  const { app, role, grant } = await appWithRole(adminApi);
  const member = await createMember({ roles: [grant] });
  const company = await adminApi.createCompany();
  const owner = await companyOwnerApi(adminApi, api, mail, signInApi, company.id);
  const link = await inviteLink(owner, mail, member.email, grant);
  expect(link.origin).toBe('http://localhost:1234');
  expect(link.searchParams.get('email')).toBe(member.email);

  await page.goto(pathOf(link));
  await expect(page.getByText(inviteText(company.name, [role.name], app.name))).toBeVisible();
  await screenshotBothWidths(page, 'invite-offer');

  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: INVITE_MESSAGES.acceptedTitle }),
  ).toBeVisible();
  await screenshotBothWidths(page, 'invite-accepted');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/sso/);

  // Two companies now: the sign-in asks which one, and the new one can be chosen.
  await signInInBrowser(
    page,
    mail,
    { login: member.username, password: member.password, email: member.email },
    company.name,
  );
  await expect(page).toHaveURL(/\/manage\/me$/);
  await page.getByRole('button', { name: `Account menu of ${member.displayName}` }).click();
  await expect(page.getByRole('button', { name: company.name })).toHaveAttribute(
    'aria-current',
    'true',
  );
});

test('a new person accepts an invitation, registers at /reg and signs in', async ({
  adminApi,
  mail,
  page,
}) => {
  const { app, role, grant } = await appWithRole(adminApi);
  const email = uniqueEmail('newcomer');
  const link = await inviteLink(adminApi, mail, email, grant);

  await page.goto(pathOf(link));
  // The platform administrator's company invites: the text as inviteText words it.
  await expect(page.getByText(inviteText('', [role.name], app.name).trim())).toBeVisible();
  await page.getByRole('button', { name: 'Accept' }).click();

  // No account for this e-mail: the invitation goes on to the registration form.
  await expect(page).toHaveURL(/\/reg\?/);
  expect(new URL(page.url()).searchParams.get('code')).toBe(link.searchParams.get('code'));
  await expect(
    page.getByRole('heading', { level: 1, name: REGISTER_MESSAGES.title }),
  ).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveText(email);

  // Each field is checked when it loses focus.
  const displayName = page.getByLabel('Display Name');
  const phone = page.getByLabel('Phone');
  const username = page.getByLabel('Username');
  const password = page.getByLabel('Password', { exact: true });
  const confirm = page.getByLabel('Confirm Password');
  await displayName.focus();
  await displayName.blur();
  await expectFieldMessage(displayName, ACCOUNT_MESSAGES.displayNameRequired);
  await phone.fill('12345');
  await phone.blur();
  await expectFieldMessage(phone, ACCOUNT_MESSAGES.phoneMin);
  await username.fill('9lives');
  await username.blur();
  await expectFieldMessage(username, ACCOUNT_MESSAGES.usernameFormat);
  await password.fill('secret');
  await password.blur();
  await expectFieldMessage(password, ACCOUNT_MESSAGES.passwordUppercase);
  const newPassword = uniquePassword();
  await password.fill(newPassword);
  await confirm.fill(`${newPassword}x`);
  await confirm.blur();
  await expectFieldMessage(confirm, CONFIRM_MESSAGES.mismatch);
  await screenshotBothWidths(page, 'reg-errors');

  // A message goes away as soon as its field is edited.
  await displayName.fill('New Comer');
  await expect(page.getByText(ACCOUNT_MESSAGES.displayNameRequired)).toHaveCount(0);
  await expect(displayName).toHaveAttribute('aria-invalid', 'false');
  await phone.fill('+1 555 010 2000');
  await confirm.fill(newPassword);
  await expect(page.getByText(CONFIRM_MESSAGES.mismatch)).toHaveCount(0);

  // Submitting checks everything again: the bad username keeps the form from being sent.
  await page.getByRole('button', { name: 'Register' }).click();
  await expectFieldMessage(username, ACCOUNT_MESSAGES.usernameFormat);
  await expect(username).toBeFocused();

  // A username someone already has: the server refuses, and Try Again keeps what was typed.
  await username.fill(ADMIN.username);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: REGISTER_MESSAGES.failureTitle }),
  ).toBeVisible();
  await expect(page.getByText(REGISTER_MESSAGES.usernameTaken)).toBeVisible();
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByLabel('Display Name')).toHaveValue('New Comer');

  const newUsername = uniqueId('reg');
  await page.getByLabel('Username').fill(newUsername);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: REGISTER_MESSAGES.successTitle }),
  ).toBeVisible();
  await expect(page.getByText(REGISTER_MESSAGES.successText)).toBeVisible();
  await screenshotBothWidths(page, 'reg-success');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/sso/);

  await signInInBrowser(page, mail, { login: newUsername, password: newPassword, email });
  await expect(page).toHaveURL(/\/manage\/me$/);
  await expect(page.getByRole('button', { name: 'Account menu of New Comer' })).toBeVisible();
});

test('declining an invitation says so', async ({ adminApi, mail, page }) => {
  const { grant } = await appWithRole(adminApi);
  const link = await inviteLink(adminApi, mail, uniqueEmail('decliner'), grant);

  await page.goto(pathOf(link));
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: INVITE_MESSAGES.declinedTitle }),
  ).toBeVisible();
  await screenshotBothWidths(page, 'invite-declined');
});

test('an unknown invitation code says the invite was not found', async ({ page }) => {
  const query = new URLSearchParams({ code: 'made-up-code', email: uniqueEmail('nobody') });
  await page.goto(`/invite?${query.toString()}`);
  await expect(
    page.getByRole('heading', { level: 1, name: INVITE_MESSAGES.notFoundTitle }),
  ).toBeVisible();
  await expect(page.getByText(INVITE_MESSAGES.notFoundText)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await screenshotBothWidths(page, 'invite-not-found');
});

test('a used invitation link says it was already accepted and offers the login', async ({
  adminApi,
  mail,
  createMember,
  page,
}) => {
  const { grant } = await appWithRole(adminApi);
  const member = await createMember({ roles: [grant] });
  const [invitation] = await mail.messagesTo(member.email);
  const link = linkIn(invitation?.text ?? '', '/invite');

  await page.goto(pathOf(link));
  await expect(page).toHaveURL(/\/reg\?/);
  await expect(
    page.getByRole('heading', { level: 1, name: INVITE_MESSAGES.acceptedTitle }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Register' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/sso/);
});
