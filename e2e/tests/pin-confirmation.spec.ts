import { CLIENT_DEFAULTS, PIN_LENGTH, SIGN_IN_TEXTS, attemptsRemaining } from '@portico/contracts';
import { expect, test } from '../support/fixtures.js';
import {
  continueToShell,
  enablePin,
  memberGrant,
  submitPassword,
  typePin,
} from '../support/mfa-browser.js';
import { screenshotBothWidths } from '../support/screenshots.js';

const PIN = '583016';
const WRONG_PIN = '860425';
/** The confirmation step's name for its six boxes. */
const PIN_GROUP = SIGN_IN_TEXTS.pinLabel;

test('with PIN sign-in on, a password sign-in asks for the PIN before the company', async ({
  adminApi,
  createMember,
  signInApi,
  mail,
  page,
}) => {
  const member = await createMember({
    roles: [await memberGrant(adminApi)],
    displayName: 'Lena Brook',
  });
  // Set up and turned on through the API (the profile's MFA screen is another issue).
  const other = await signInApi({
    login: member.username,
    password: member.password,
    email: member.email,
  });
  await enablePin(other.api, member, PIN);

  await submitPassword(page, mail, member);
  await expect(page.getByRole('heading', { name: SIGN_IN_TEXTS.confirmTitle })).toBeVisible();
  await expect(page.getByText(member.displayName, { exact: true })).toBeVisible();
  await expect(page.getByText(SIGN_IN_TEXTS.confirmPinText)).toBeVisible();
  const boxes = page.getByRole('group', { name: PIN_GROUP }).locator('input');
  await expect(boxes).toHaveCount(PIN_LENGTH);
  await expect(boxes.first()).toBeFocused();
  await screenshotBothWidths(page, 'confirm-pin', { fullPage: false });

  await typePin(page, PIN_GROUP, WRONG_PIN);
  await expect(page.getByRole('alert')).toHaveText(
    attemptsRemaining(CLIENT_DEFAULTS.login_retry_limit - 1),
  );
  await screenshotBothWidths(page, 'confirm-pin-wrong', { fullPage: false });

  await typePin(page, PIN_GROUP, PIN);
  await continueToShell(page);
  await expect(
    page.getByRole('button', { name: `Account menu of ${member.displayName}` }),
  ).toBeVisible();
});
