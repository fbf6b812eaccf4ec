import {
  CLIENT_DEFAULTS,
  CODES,
  PORTAL_CLIENT_ID,
  attemptsRemaining,
  continueAs,
} from '@portico/contracts';
import { expect, test } from '../support/fixtures.js';
import {
  DIALOG,
  continueToShell,
  enablePin,
  markWindow,
  memberGrant,
  submitPassword,
  typePin,
  wakeUp,
  windowMarker,
} from '../support/mfa-browser.js';
import { screenshotBothWidths } from '../support/screenshots.js';

const PIN = '402719';
const WRONG_PIN = '918273';

test('an idle session expires on the profile and the password lifts it in place', async ({
  adminApi,
  createMember,
  ageSession,
  mail,
  page,
  context,
}) => {
  const member = await createMember({
    roles: [await memberGrant(adminApi)],
    displayName: 'Zoe Quinn',
  });
  await page.clock.install();
  await submitPassword(page, mail, member);
  await continueToShell(page);
  await expect(
    page.getByRole('button', { name: `Account menu of ${member.displayName}` }),
  ).toBeVisible();
  await markWindow(page);
  const url = page.url();

  expect(await ageSession(member.username)).toBeGreaterThan(0);
  await wakeUp(page, context);

  const dialog = page.getByRole('dialog', { name: DIALOG.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(member.displayName, { exact: true })).toBeVisible();
  await expect(dialog.locator('[data-initials="ZO"]')).toBeVisible();
  await expect(dialog.getByText(CODES.session_expired.text)).toBeVisible();
  // The page under the dialog stays as it was (issue 17): its devices, not "Server Error".
  await expect(page.locator('article').first()).toBeAttached();
  await expect(page.getByText(CODES.server_error.text)).toHaveCount(0);
  // Only the password is set up: no choice of methods.
  await expect(dialog.getByRole('group', { name: DIALOG.methodsGroup })).toHaveCount(0);
  const login = dialog.getByRole('link', { name: DIALOG.goToLogin });
  await expect(login).toHaveAttribute('href', `/sso?client=${PORTAL_CLIENT_ID}`);
  await screenshotBothWidths(page, 'reauth-password', { fullPage: false });

  await dialog.getByLabel(DIALOG.password).fill(`${member.password}-wrong`);
  await dialog.getByRole('button', { name: DIALOG.submit }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    attemptsRemaining(CLIENT_DEFAULTS.login_retry_limit - 1),
  );

  await dialog.getByLabel(DIALOG.password).fill(member.password);
  await dialog.getByRole('button', { name: DIALOG.submit }).click();
  await expect(dialog).toBeHidden();
  expect(page.url()).toBe(url);
  expect(await windowMarker(page)).toBe('still here');
  await expect(
    page.getByRole('button', { name: `Account menu of ${member.displayName}` }),
  ).toBeVisible();
});

test('with PIN sign-in on, the dialog preselects the MPIN and a right one lifts the session', async ({
  adminApi,
  createMember,
  signInApi,
  ageSession,
  mail,
  page,
  context,
}) => {
  const member = await createMember({
    roles: [await memberGrant(adminApi)],
    displayName: 'Pia Marsh',
  });
  await page.clock.install();
  await submitPassword(page, mail, member);
  await continueToShell(page);
  await markWindow(page);
  const url = page.url();

  // Set up and turned on elsewhere (the profile's MFA screen is another issue): the API.
  const other = await signInApi({
    login: member.username,
    password: member.password,
    email: member.email,
  });
  await enablePin(other.api, member, PIN);

  expect(await ageSession(member.username)).toBeGreaterThan(0);
  await wakeUp(page, context);

  const dialog = page.getByRole('dialog', { name: DIALOG.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(member.displayName, { exact: true })).toBeVisible();
  const methods = dialog.getByRole('group', { name: DIALOG.methodsGroup });
  await expect(methods.getByRole('button', { name: DIALOG.mpin })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(methods.getByRole('button', { name: DIALOG.password })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(dialog.getByRole('group', { name: DIALOG.mpin }).locator('input')).toHaveCount(6);
  await screenshotBothWidths(page, 'reauth-mpin', { fullPage: false });

  await typePin(page, DIALOG.mpin, WRONG_PIN);
  await expect(dialog.getByRole('alert')).toHaveText(
    attemptsRemaining(CLIENT_DEFAULTS.login_retry_limit - 1),
  );

  await typePin(page, DIALOG.mpin, PIN);
  await expect(dialog).toBeHidden();
  expect(page.url()).toBe(url);
  expect(await windowMarker(page)).toBe('still here');
});

test('at the login, an idle session offers "Continue as" its owner, and the password lifts it', async ({
  adminApi,
  createMember,
  ageSession,
  mail,
  page,
}) => {
  const member = await createMember({
    roles: [await memberGrant(adminApi)],
    displayName: 'Lena Ortiz',
  });
  await submitPassword(page, mail, member);
  await continueToShell(page);
  expect(await ageSession(member.username)).toBeGreaterThan(0);

  // Auto-login finds the session idle and keeps who it belongs to (section 4).
  await page.goto(`/sso?client=${PORTAL_CLIENT_ID}`);
  await expect(page.getByText(CODES.session_expired.text)).toBeVisible();
  await page.getByRole('button', { name: continueAs(member.displayName) }).click();
  const dialog = page.getByRole('dialog', { name: DIALOG.title });
  await expect(dialog.getByText(member.displayName, { exact: true })).toBeVisible();
  await dialog.getByLabel(DIALOG.password).fill(member.password);
  await dialog.getByRole('button', { name: DIALOG.submit }).click();
  // Lifted in place: auto-login goes on into the console without username or device code.
  await continueToShell(page);
});
