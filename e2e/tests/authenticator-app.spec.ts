import {
  PROFILE_TEXTS,
  REAUTH_LABELS,
  SIGN_IN_TEXTS,
  TOTP_LABELS,
  TOTP_SWITCH_LABELS,
  TOTP_TEXTS as T,
} from '@portico/contracts';
import { expectKeyboardReach, expectNoAxeViolations } from '../support/a11y.js';
import { appCode, appStep } from '../support/app-codes.js';
import { expect, test } from '../support/fixtures.js';
import {
  DIALOG,
  continueToShell,
  markWindow,
  memberGrant,
  submitPassword,
  wakeUp,
  windowMarker,
} from '../support/mfa-browser.js';

/**
 * Issue 14: a person sets up an authenticator app from the profile by reading its key (codes
 * made with otplib here, as the app would) and keeps the recovery codes shown once; signed out,
 * the next sign-in asks for the app's code after the password; with the phone lost, a recovery
 * code stands in for it, once.
 */
test('a member sets up an authenticator app and its recovery codes from the profile', async ({
  adminApi,
  createMember,
  mail,
  page,
}) => {
  // Setup, recovery codes and a sign-in with each: 21 s on a slow morning of the 2-core machine.
  test.setTimeout(90_000);
  const member = await createMember({ roles: [await memberGrant(adminApi)] });
  await submitPassword(page, mail, member);
  await continueToShell(page);
  await expect(page.getByText(T.off)).toBeVisible();

  await page.getByRole('button', { name: T.setUp }).click();
  const password = page.getByRole('dialog', { name: PROFILE_TEXTS.passwordTitle });
  await password.getByLabel(PROFILE_TEXTS.password).fill(member.password);
  await password.getByRole('button', { name: PROFILE_TEXTS.continue }).click();

  const scan = page.getByRole('dialog', { name: T.heading });
  await expect(scan.getByRole('img', { name: T.qrAlt })).toBeVisible();
  await expectNoAxeViolations(page, 'the authenticator set-up dialog');
  const key = await scan.getByLabel(T.key).inputValue();
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);
  // The previous step's code: still accepted, and the current one stays free for later.
  const setUpStep = (await appStep()) - 1;
  await scan.getByLabel(T.code).fill(await appCode(key, setUpStep));
  await scan.getByRole('button', { name: T.confirm }).click();

  const shown = page.getByRole('dialog', { name: T.codesTitle });
  const items = shown.getByRole('list', { name: T.codesTitle }).getByRole('listitem');
  await expect(items).toHaveCount(10);
  const codes = await items.allTextContents();
  await expect(shown.getByRole('link', { name: T.download })).toHaveAttribute(
    'download',
    'portico-recovery-codes.txt',
  );
  await shown.getByRole('button', { name: T.done }).click();
  await expect(page.getByText(T.on(10))).toBeVisible();

  // Signed out, the next sign-in asks for the app's code after the password.
  const signOut = async () => {
    await page.getByRole('button', { name: /^Account menu of/ }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sso/);
  };
  await signOut();
  await submitPassword(page, mail, member, { knownDevice: true });
  await expect(page.getByRole('heading', { name: SIGN_IN_TEXTS.confirmTitle })).toBeVisible();
  await expectNoAxeViolations(page, 'the sign-in confirmation by authenticator app');
  await page.getByLabel(TOTP_LABELS.code).fill(await appCode(key, await appStep(setUpStep)));
  await page.getByRole('button', { name: REAUTH_LABELS.submit }).click();
  await continueToShell(page);

  // The phone is lost: a recovery code (typed in capitals) stands in for it, once.
  await signOut();
  await submitPassword(page, mail, member, { knownDevice: true });
  await page.getByRole('button', { name: TOTP_SWITCH_LABELS.useRecovery }).click();
  await page.getByLabel(TOTP_LABELS.recoveryCode).fill(codes[0]!.toUpperCase());
  await page.getByRole('button', { name: REAUTH_LABELS.submit }).click();
  await continueToShell(page);
  await expect(page.getByText(T.on(9))).toBeVisible();

  // The same recovery code again is refused.
  await signOut();
  await submitPassword(page, mail, member, { knownDevice: true });
  await page.getByRole('button', { name: TOTP_SWITCH_LABELS.useRecovery }).click();
  await page.getByLabel(TOTP_LABELS.recoveryCode).fill(codes[0]!);
  await page.getByRole('button', { name: REAUTH_LABELS.submit }).click();
  await expect(page.getByRole('alert')).toContainText('attempts remaining');
});

/**
 * The new dialogs by keyboard, as the others are checked (console-profile.spec.ts): set-up,
 * key and code, recovery codes each keep the focus inside with every control named and ringed;
 * then the session-expired dialog offers the app's code, reached and sent by keyboard.
 */
test('the authenticator dialogs and the session-expired app code, by keyboard only', async ({
  adminApi,
  createMember,
  ageSession,
  mail,
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const member = await createMember({ roles: [await memberGrant(adminApi)] });
  await page.clock.install();
  await submitPassword(page, mail, member);
  await continueToShell(page);
  const keyboard = page.keyboard;

  const setUp = page.getByRole('button', { name: T.setUp });
  await setUp.focus();
  await keyboard.press('Enter');
  const password = page.getByRole('dialog', { name: PROFILE_TEXTS.passwordTitle });
  await expectKeyboardReach(
    page,
    password,
    ['Close', PROFILE_TEXTS.password, PROFILE_TEXTS.cancel, PROFILE_TEXTS.continue],
    { trapped: true },
  );
  await password.getByLabel(PROFILE_TEXTS.password).focus();
  await keyboard.type(member.password);
  await keyboard.press('Enter');

  const scan = page.getByRole('dialog', { name: T.heading });
  await expect(scan.getByRole('img', { name: T.qrAlt })).toBeVisible();
  await expectKeyboardReach(page, scan, ['Close', T.key, T.code, T.confirm], { trapped: true });
  const key = await scan.getByLabel(T.key).inputValue();
  await scan.getByLabel(T.code).focus();
  const setUpStep = (await appStep()) - 1;
  await keyboard.type(await appCode(key, setUpStep));
  await keyboard.press('Enter');

  const shown = page.getByRole('dialog', { name: T.codesTitle });
  await expect(shown.getByRole('list', { name: T.codesTitle })).toBeVisible();
  await expectKeyboardReach(page, shown, ['Close', T.copy, T.download, T.done], {
    trapped: true,
  });
  await shown.getByRole('button', { name: T.done }).focus();
  await keyboard.press('Enter');
  await expect(shown).toBeHidden();
  await expect(page.getByText(T.on(10))).toBeVisible();

  // The session idles out: the dialog offers the app among its methods, by keyboard too.
  await markWindow(page);
  expect(await ageSession(member.username)).toBeGreaterThan(0);
  await wakeUp(page, context);
  const dialog = page.getByRole('dialog', { name: DIALOG.title });
  await expect(dialog).toBeVisible();
  const methods = dialog.getByRole('group', { name: DIALOG.methodsGroup });
  const useApp = methods.getByRole('button', { name: REAUTH_LABELS.methods.totp });
  await expect(useApp).toBeVisible();
  await useApp.focus();
  await keyboard.press('Enter');
  await expect(useApp).toHaveAttribute('aria-pressed', 'true');
  const stops = await expectKeyboardReach(
    page,
    dialog,
    [REAUTH_LABELS.methods.password, REAUTH_LABELS.methods.totp, TOTP_LABELS.code],
    { trapped: true },
  );
  expect(stops.map((stop) => stop.name)).toContain(REAUTH_LABELS.methods.recovery);
  await expectNoAxeViolations(page, 'the session-expired dialog with the app code');
  await dialog.getByLabel(TOTP_LABELS.code).focus();
  await keyboard.type(await appCode(key, await appStep(setUpStep)));
  await keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  expect(await windowMarker(page)).toBe('still here');
});
