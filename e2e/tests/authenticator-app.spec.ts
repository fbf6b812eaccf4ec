import { generate } from 'otplib';
import { PORTAL_CLIENT_ID, PROFILE_TEXTS, TOTP_TEXTS as T } from '@portico/contracts';
import { expectNoAxeViolations } from '../support/a11y.js';
import { ageSessions } from '../support/database.js';
import { expect, test } from '../support/fixtures.js';
import { continueToShell, memberGrant, submitPassword } from '../support/mfa-browser.js';
import { postFromPage } from '../support/profile-helpers.js';

/**
 * Issue 14, first part: a person sets up an authenticator app from the profile by reading its
 * key (codes made with otplib here, as the app would), keeps the recovery codes shown once, and
 * a code and a recovery code then lift an expired session (auth.reauth) exactly once.
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

  // The session expires; the app's current code lifts it, once.
  const reauth = (type: 'totp' | 'recovery', value: string) =>
    postFromPage(page, '/v1/auth/reauth', {
      credential_type: type,
      credential_value: value,
      client: PORTAL_CLIENT_ID,
      redirect: '/',
    });
  test.skip((await ageSessions(member.username)) === undefined, 'needs the run database');
  const code = await generate({ secret: key });
  expect((await reauth('totp', code)).Code).toBe('200');
  await ageSessions(member.username);
  expect((await reauth('totp', code)).Code).toBe('invalid_totp');
  // A recovery code, typed in capitals, works once.
  expect((await reauth('recovery', codes[0]!.toUpperCase())).Code).toBe('200');
  await ageSessions(member.username);
  expect((await reauth('recovery', codes[0]!)).Code).toBe('invalid_recovery_code');
  expect((await reauth('recovery', codes[1]!)).Code).toBe('200');

  await page.reload();
  await expect(page.getByText(T.on(8))).toBeVisible();
});
