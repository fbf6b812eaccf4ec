import { CODES, SIGN_IN_TEXTS } from '@portico/contracts';
import { expect, test } from '../support/fixtures.js';
import {
  DIALOG,
  addVirtualAuthenticator,
  continueToShell,
  markWindow,
  memberGrant,
  registerPasskey,
  submitPassword,
  updateMfaInPage,
  wakeUp,
  windowMarker,
} from '../support/mfa-browser.js';
import { screenshotBothWidths } from '../support/screenshots.js';

test('a passkey of the browser lifts an expired session and confirms the next sign-in', async ({
  adminApi,
  createMember,
  ageSession,
  mail,
  page,
  context,
}) => {
  const member = await createMember({
    roles: [await memberGrant(adminApi)],
    displayName: 'Ravi Okafor',
  });
  const authenticator = await addVirtualAuthenticator(context, page);
  await page.clock.install();
  await submitPassword(page, mail, member);
  await continueToShell(page);

  // Registered by the browser's authenticator (the profile's MFA screen is another issue).
  expect((await registerPasskey(page, member.password)).Code).toBe('200');
  expect(await authenticator.credentialCount()).toBe(1);
  expect((await updateMfaInPage(page, member.password, { enable_passkey: true })).Code).toBe('200');

  // (a) The session-expired dialog offers the passkey first.
  await markWindow(page);
  const url = page.url();
  expect(await ageSession(member.username)).toBeGreaterThan(0);
  await wakeUp(page, context);

  const dialog = page.getByRole('dialog', { name: DIALOG.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(member.displayName, { exact: true })).toBeVisible();
  await expect(dialog.getByText(CODES.session_expired.text)).toBeVisible();
  const methods = dialog.getByRole('group', { name: DIALOG.methodsGroup });
  await expect(methods.getByRole('button')).toHaveText([DIALOG.passkey, DIALOG.password]);
  await expect(methods.getByRole('button', { name: DIALOG.passkey })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await screenshotBothWidths(page, 'reauth-passkey', { fullPage: false });

  await dialog.getByRole('button', { name: SIGN_IN_TEXTS.usePasskey }).click();
  await expect(dialog).toBeHidden();
  expect(page.url()).toBe(url);
  expect(await windowMarker(page)).toBe('still here');

  // (b) Signed out, the password alone no longer signs in: the passkey confirms it.
  await page.getByRole('button', { name: `Account menu of ${member.displayName}` }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sso/);

  await submitPassword(page, mail, member, { knownDevice: true });
  await expect(page.getByRole('heading', { name: SIGN_IN_TEXTS.confirmTitle })).toBeVisible();
  await expect(page.getByText(member.displayName, { exact: true })).toBeVisible();
  await expect(page.getByText(SIGN_IN_TEXTS.confirmPasskeyText)).toBeVisible();
  await screenshotBothWidths(page, 'confirm-passkey', { fullPage: false });

  await page.getByRole('button', { name: SIGN_IN_TEXTS.usePasskey }).click();
  await continueToShell(page);
  await expect(
    page.getByRole('button', { name: `Account menu of ${member.displayName}` }),
  ).toBeVisible();
});
