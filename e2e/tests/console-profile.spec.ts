import type { Locator } from '@playwright/test';
import {
  DEVICE_MESSAGES,
  MFA_MESSAGES,
  MPIN_MESSAGES,
  PROFILE_TEXTS,
  SIGN_IN_TEXTS,
  calls,
  encodeBase64,
} from '@portico/contracts';
import { callOk } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import {
  addVirtualAuthenticator,
  continueToShell,
  memberGrant,
  submitPassword,
  typePin,
} from '../support/mfa-browser.js';
import { screenshotBothWidths } from '../support/screenshots.js';
import { expectKeyboardReach } from '../support/a11y.js';
import {
  loadedImageSrc,
  postFromPage,
  signInFromSecondBrowser,
  textAsPng,
  textFile,
  tinyPng,
} from '../support/profile-helpers.js';

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
  // Three screens, a picture, a second browser signing in and an MPIN: 31 s on a slow morning of
  // the 2-core machine, over the 30 s default (the third pass's code as well as this one's).
  test.setTimeout(90_000);
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
  const avatarInput = page.getByLabel(T.avatarLabel, { exact: true });
  const preview = page.locator('.profile-preview img');
  await avatarInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: tinyPng() });
  await expect(page.getByText(T.avatarUploaded)).toBeVisible();
  await expect(preview).toHaveAttribute('src', /\/v1\/files\//);
  const avatar = await loadedImageSrc(preview);

  // Refused (section 5 accepts png, gif, jpeg): text under a png's name by the server, which
  // looks at the bytes; a text file by its type, before anything is sent. Said under the button;
  // the picture stays, also after a reload.
  const refusal = page.locator('.profile-preview').getByRole('alert');
  const answered = page.waitForResponse((r) => r.url().endsWith(calls.profile.uploadAvatar.path));
  await avatarInput.setInputFiles(textAsPng());
  expect((await answered).status()).toBe(415);
  await expect(refusal).toHaveText(T.avatarWrongType);
  await expect(page.getByRole('button', { name: T.avatarChange })).toHaveAccessibleDescription(
    T.avatarWrongType,
  );
  await page.reload();
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith(calls.profile.uploadAvatar.path)) uploads.push(r.url());
  });
  await avatarInput.setInputFiles(textFile());
  await expect(refusal).toHaveText(T.avatarWrongType);
  expect(uploads).toEqual([]);
  expect(await loadedImageSrc(preview)).toBe(avatar);
  await screenshotBothWidths(page, 'profile-avatar-refused', { fullPage: false });
  await page.reload();
  expect(await loadedImageSrc(preview)).toBe(avatar);

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

test('a member adds a passkey on the profile, turns it on and confirms the next sign-in with it', async ({
  adminApi,
  createMember,
  mail,
  page,
  context,
}) => {
  // A passkey set up, then a whole new sign-in confirmed with it: 21 s on a slow morning.
  test.setTimeout(90_000);
  const member = await createMember({
    roles: [await memberGrant(adminApi)],
    displayName: 'Ines Marlow',
  });
  const authenticator = await addVirtualAuthenticator(context, page);
  await submitPassword(page, mail, member);
  await continueToShell(page);

  const mfa = page.getByRole('region', { name: T.mfaTitle });
  const passkeySwitch = mfa.getByRole('switch', { name: T.passkeyToggle });
  await expect(passkeySwitch).toBeDisabled();
  await expect(mfa.getByText(MFA_MESSAGES.passkeyNotSetUp)).toBeVisible();

  // Behind the password: a wrong one is refused and creates nothing.
  await mfa.getByRole('button', { name: T.addPasskey }).click();
  const confirm = page.getByRole('dialog', { name: T.passwordTitle });
  await confirm.getByLabel(T.password).fill('Not-The-Password-1');
  await confirm.getByRole('button', { name: T.continue }).click();
  await expect(confirm.getByRole('alert')).toHaveText(MPIN_MESSAGES.invalidCredentials);
  await expect(confirm.getByLabel(T.password)).toHaveValue('');
  expect(await authenticator.credentialCount()).toBe(0);

  // The right one: the browser's authenticator creates the passkey and the server keeps it.
  await confirm.getByLabel(T.password).fill(member.password);
  await confirm.getByRole('button', { name: T.continue }).click();
  await expect(page.getByText(T.passkeyAdded)).toBeVisible();
  await expect(confirm).toBeHidden();
  expect(await authenticator.credentialCount()).toBe(1);
  await expect(passkeySwitch).toBeEnabled();
  await expect(passkeySwitch).not.toBeChecked();
  await expect(mfa.getByText(MFA_MESSAGES.passkeyNotSetUp)).toHaveCount(0);
  await screenshotBothWidths(page, 'profile-passkey-added', { toasts: 'wait' });

  await passkeySwitch.click();
  const turnOn = page.getByRole('dialog', { name: T.passwordTitle });
  await turnOn.getByLabel(T.password).fill(member.password);
  await turnOn.getByRole('button', { name: T.confirm }).click();
  await expect(page.getByText(MFA_MESSAGES.success)).toBeVisible();
  await expect(passkeySwitch).toBeChecked();

  // The stored public key is real: the next sign-in is confirmed by an assertion of the same
  // authenticator, which the server verifies against it.
  await page.getByRole('button', { name: `Account menu of ${member.displayName}` }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sso/);
  await submitPassword(page, mail, member, { knownDevice: true });
  await expect(page.getByRole('heading', { name: SIGN_IN_TEXTS.confirmTitle })).toBeVisible();
  await expect(page.getByText(SIGN_IN_TEXTS.confirmPasskeyText)).toBeVisible();
  await page.getByRole('button', { name: SIGN_IN_TEXTS.usePasskey }).click();
  await continueToShell(page);
  await expect(page.getByRole('switch', { name: T.passkeyToggle })).toBeChecked();
});

test('every control of the profile and of its dialogs is reached by Tab, named and ringed', async ({
  adminApi,
  createMember,
  signInApi,
  mail,
  page,
}) => {
  test.setTimeout(90_000);
  const member = await createMember({ roles: [await memberGrant(adminApi)] });
  // A second device (the API's sign-in) brings a status select and a Remove button; an MPIN
  // makes the PIN switch a control.
  const other = await signInApi({
    login: member.username,
    password: member.password,
    email: member.email,
  });
  await callOk(other.api, calls.mfa.setPin, { pin: PIN, password: encodeBase64(member.password) });
  await submitPassword(page, mail, member);
  await continueToShell(page);
  const devices = page.getByRole('article');
  await expect(devices).toHaveCount(2);
  const otherDevice = devices.filter({ hasNotText: DEVICE_MESSAGES.inUse });
  const otherName = (await otherDevice.getAttribute('aria-label')) ?? '';
  const keyboard = page.keyboard;

  const main = page.getByRole('main');
  await main.focus();
  await expectKeyboardReach(page, main, [
    T.avatarChange,
    T.edit,
    T.displayName,
    T.firstName,
    T.lastName,
    T.email,
    `${T.deviceStatus} of ${otherName}`,
    T.removeDevice,
    T.pinToggle,
    T.changeMpin,
    T.addPasskey,
  ]);

  // Edit hands the focus to the first name field; Cancel gives it back to Edit.
  await page.getByRole('button', { name: T.edit }).focus();
  await keyboard.press('Enter');
  await expect(page.getByLabel(T.displayName)).toBeFocused();
  await main.focus();
  await expectKeyboardReach(page, main, [T.displayName, T.firstName, T.lastName, T.cancel]);
  await page.getByRole('button', { name: T.cancel }).focus();
  await keyboard.press('Enter');
  await expect(page.getByRole('button', { name: T.edit })).toBeFocused();
  await page.getByLabel(T.displayName).focus();
  await screenshotBothWidths(page, 'profile-keyboard-focus', { fullPage: false });

  // Each dialog keeps the focus inside, and Escape gives it back to what opened it.
  async function dialogByKeyboard(
    opener: Locator,
    open: string,
    title: string,
    expected: string[],
  ) {
    await opener.focus();
    await keyboard.press(open);
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await expectKeyboardReach(page, dialog, expected, { trapped: true });
    return dialog;
  }
  async function closeByEscape(dialog: Locator, opener: Locator) {
    await keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  }

  const status = otherDevice.getByRole('combobox');
  let dialog = await dialogByKeyboard(status, 'ArrowDown', T.statusTitle, ['Close', T.confirm]);
  await closeByEscape(dialog, status);
  await expect(status).toHaveValue('active');

  const remove = otherDevice.getByRole('button', { name: T.removeDevice });
  dialog = await dialogByKeyboard(remove, 'Enter', T.removeTitle, ['Close', T.removeDevice]);
  await closeByEscape(dialog, remove);

  const pinSwitch = page.getByRole('switch', { name: T.pinToggle });
  dialog = await dialogByKeyboard(pinSwitch, 'Space', T.passwordTitle, [
    'Close',
    T.password,
    T.cancel,
    T.confirm,
  ]);
  await closeByEscape(dialog, pinSwitch);
  await expect(pinSwitch).not.toBeChecked();

  const addPasskey = page.getByRole('button', { name: T.addPasskey });
  dialog = await dialogByKeyboard(addPasskey, 'Enter', T.passwordTitle, [
    'Close',
    T.password,
    T.cancel,
    T.continue,
  ]);
  await closeByEscape(dialog, addPasskey);

  // The MPIN dialog: the password step, then the six labelled boxes.
  const changeMpin = page.getByRole('button', { name: T.changeMpin });
  dialog = await dialogByKeyboard(changeMpin, 'Enter', T.changeMpin, [
    'Close',
    T.password,
    T.cancel,
    T.continue,
  ]);
  await dialog.getByLabel(T.password).focus();
  await keyboard.type(member.password);
  await keyboard.press('Enter');
  await expect(dialog.getByRole('group', { name: T.newMpin })).toBeVisible();
  await expect(dialog.getByLabel('Digit 1 of 6')).toBeFocused();
  await screenshotBothWidths(page, 'profile-mpin-keyboard', { fullPage: false });
  await expectKeyboardReach(page, dialog, ['Close', 'Digit 1 of 6', 'Digit 6 of 6', T.cancel], {
    trapped: true,
  });
  await closeByEscape(dialog, changeMpin);
});
