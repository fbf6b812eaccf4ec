import {
  DEVICE_MESSAGES,
  MFA_MESSAGES,
  MPIN_MESSAGES,
  PROFILE_TEXTS,
  calls,
} from '@portico/contracts';
import { callOk } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { continueToShell, memberGrant, submitPassword, typePin } from '../support/mfa-browser.js';
import { screenshotBothWidths } from '../support/screenshots.js';
import { postFromPage, signInFromSecondBrowser, tinyPng } from '../support/profile-helpers.js';

const T = PROFILE_TEXTS;
const PIN = '402719';

test('a member edits the profile, manages devices and sets an MPIN', async ({
  adminApi,
  createMember,
  signInApi,
  mail,
  page,
  browser,
  clientIps,
}) => {
  const grant = await memberGrant(adminApi);
  const member = await createMember({ roles: [grant], displayName: 'Nora Vance' });
  await submitPassword(page, mail, member);
  await continueToShell(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

  // Names: view mode, then Edit; Apply saves and goes back to view mode.
  await expect(page.getByLabel(T.displayName)).toHaveValue('Nora Vance');
  await expect(page.getByLabel(T.email)).toHaveValue(member.email);
  await page.getByRole('button', { name: T.edit }).click();
  await expect(page.getByRole('button', { name: T.apply })).toBeDisabled();
  await page.getByLabel(T.displayName).fill('Nora V.');
  await page.getByLabel(T.firstName).fill('Nora');
  await page.getByLabel(T.lastName).fill('Vance');
  await screenshotBothWidths(page, 'profile-edit', { fullPage: false });
  await page.getByRole('button', { name: T.apply }).click();
  await expect(page.getByText(T.updated)).toBeVisible();
  await expect(page.getByLabel(T.displayName)).toHaveValue('Nora V.');
  await expect(page.getByRole('button', { name: T.edit })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu of Nora V.' })).toBeVisible();

  // Avatar: a real PNG; the preview shows the stored image.
  await page.getByLabel(T.avatarLabel).setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: tinyPng(),
  });
  await expect(page.getByText(T.avatarUploaded)).toBeVisible();
  await expect(page.locator('.profile-preview img')).toHaveAttribute('src', /\/v1\/files\//);

  // A second browser is a second device.
  const second = await signInFromSecondBrowser(browser, mail, member, clientIps.next());
  await page.reload();
  const devices = page.getByRole('article');
  await expect(devices).toHaveCount(2);
  const inUse = devices.filter({ hasText: DEVICE_MESSAGES.inUse });
  await expect(inUse).toHaveCount(1);
  await expect(inUse.getByRole('button', { name: T.removeDevice })).toHaveCount(0);
  await expect(inUse.getByRole('combobox')).toHaveCount(0);
  await screenshotBothWidths(page, 'profile-devices', { fullPage: false });

  const other = devices.filter({ hasNotText: DEVICE_MESSAGES.inUse });
  await other.getByRole('combobox').selectOption('blocked');
  const confirm = page.getByRole('dialog', { name: T.statusTitle });
  await expect(confirm).toBeVisible();
  await screenshotBothWidths(page, 'profile-device-status-dialog', { fullPage: false });
  await confirm.getByRole('button', { name: T.confirm }).click();
  await expect(other.getByRole('combobox')).toHaveValue('blocked');

  await other.getByRole('button', { name: T.removeDevice }).click();
  const remove = page.getByRole('dialog', { name: T.removeTitle });
  await remove.getByRole('button', { name: T.removeDevice }).click();
  await expect(devices).toHaveCount(1);
  await expect(devices.first()).toContainText(DEVICE_MESSAGES.inUse);
  await second.close();

  // Refused: another user's device, sent to devices.remove from this page's session.
  const stranger = await createMember({ roles: [grant] });
  const signedIn = await signInApi({
    login: stranger.username,
    password: stranger.password,
    email: stranger.email,
  });
  const { devices: strangerDevices } = await callOk(signedIn.api, calls.devices.list);
  const strangerDevice = strangerDevices[0]?.id ?? '';
  expect(strangerDevice).not.toBe('');
  const refused = await postFromPage(page, calls.devices.remove.path, { id: strangerDevice });
  expect(refused).toMatchObject({ status: 403, Code: 'device_user_mismatch' });
  expect((await callOk(signedIn.api, calls.devices.list)).devices).toHaveLength(1);

  // MPIN: the password, then six digits twice; a mismatch starts again.
  await expect(page.getByRole('switch', { name: T.pinToggle })).toBeDisabled();
  await page.getByRole('button', { name: T.setMpin }).click();
  const mpin = page.getByRole('dialog', { name: T.setMpin });
  await mpin.getByRole('button', { name: T.continue }).click();
  await expect(mpin.getByRole('alert')).toBeVisible();
  await mpin.getByLabel(T.password).fill(member.password);
  await mpin.getByRole('button', { name: T.continue }).click();
  await typePin(page, T.newMpin, PIN);
  await typePin(page, T.repeatMpin, '402718');
  await expect(mpin.getByRole('alert')).toHaveText(MPIN_MESSAGES.mismatch);
  await screenshotBothWidths(page, 'profile-mpin-dialog', { fullPage: false });
  await typePin(page, T.newMpin, PIN);
  await typePin(page, T.repeatMpin, PIN);
  await expect(page.getByText(MPIN_MESSAGES.success)).toBeVisible();
  await expect(page.getByRole('button', { name: T.changeMpin })).toBeVisible();

  // PIN sign-in on, behind the password.
  await page.getByRole('switch', { name: T.pinToggle }).click();
  const password = page.getByRole('dialog', { name: T.passwordTitle });
  await password.getByLabel(T.password).fill(member.password);
  await screenshotBothWidths(page, 'profile-password-dialog', { fullPage: false });
  await password.getByRole('button', { name: T.confirm }).click();
  await expect(page.getByText(MFA_MESSAGES.success)).toBeVisible();
  await expect(page.getByRole('switch', { name: T.pinToggle })).toBeChecked();
  await screenshotBothWidths(page, 'profile', { fullPage: false });
});
