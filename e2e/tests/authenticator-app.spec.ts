import { generate } from 'otplib';
import {
  PROFILE_TEXTS,
  REAUTH_LABELS,
  SIGN_IN_TEXTS,
  TOTP_LABELS,
  TOTP_SWITCH_LABELS,
  TOTP_TEXTS as T,
} from '@portico/contracts';
import { expectNoAxeViolations } from '../support/a11y.js';
import { expect, test } from '../support/fixtures.js';
import { continueToShell, memberGrant, submitPassword } from '../support/mfa-browser.js';

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
  const epoch = Math.floor(Date.now() / 1000);
  await scan.getByLabel(T.code).fill(await generate({ secret: key, epoch: epoch - 30 }));
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
  await page.getByLabel(TOTP_LABELS.code).fill(await generate({ secret: key }));
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
