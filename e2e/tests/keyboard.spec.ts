import { SIGN_IN_TEXTS, connectTo } from '@portico/contracts';
import { expect, test } from '../support/fixtures.js';
import { focusIsVisible, memberOfTwoCompanies } from '../support/signin-helpers.js';

test('the whole sign-in by keyboard: typing, Enter, Tab and arrows only', async ({
  adminApi,
  api,
  createMember,
  mail,
  sampleClient,
  page,
}) => {
  const roles = [{ app: sampleClient.appId, roles: [sampleClient.role.id] }];
  const { member, company } = await memberOfTwoCompanies(
    { adminApi, api, mail, createMember },
    roles,
  );
  const keyboard = page.keyboard;

  await page.goto(sampleClient.signInUrl);
  const username = page.getByLabel('Username');
  await expect(username).toBeFocused();
  expect(await focusIsVisible(page)).toBe(true);

  // Enter in the username moves to the password; Enter there submits.
  await keyboard.type(member.username);
  await keyboard.press('Enter');
  await expect(page.getByLabel('Password')).toBeFocused();
  expect(await focusIsVisible(page)).toBe(true);
  const mailsBefore = await mail.count(member.email);
  await keyboard.type(member.password);
  await keyboard.press('Enter');

  // The device step takes the code where the focus already is.
  const codeField = page.getByLabel(SIGN_IN_TEXTS.deviceCodeLabel);
  await expect(codeField).toBeFocused();
  expect(await focusIsVisible(page)).toBe(true);
  const code = await mail.waitForCode(member.email, {
    after: mailsBefore,
    subject: 'device verification code',
  });
  await keyboard.type(code);
  await keyboard.press('Enter');

  // The company select has the focus: arrows choose, Tab reaches Continue, Enter sends.
  const select = page.getByLabel(SIGN_IN_TEXTS.companyLabel);
  await expect(select).toBeFocused({ timeout: 10_000 });
  expect(await focusIsVisible(page)).toBe(true);
  const options = await select.getByRole('option').allTextContents();
  const steps = options.indexOf(company.name);
  expect(steps).toBeGreaterThanOrEqual(0);
  for (let step = 0; step < steps; step += 1) await keyboard.press('ArrowDown');
  await expect(select.locator('option:checked')).toHaveText(company.name);
  await keyboard.press('Tab');
  const next = page.getByRole('button', { name: SIGN_IN_TEXTS.continue });
  await expect(next).toBeFocused();
  expect(await focusIsVisible(page)).toBe(true);
  await keyboard.press('Enter');

  // Continue Now has the focus on the landing page.
  await expect(page.getByRole('heading', { name: connectTo(sampleClient.appName) })).toBeVisible();
  const now = page.getByRole('button', { name: SIGN_IN_TEXTS.continueNow });
  await expect(now).toBeFocused();
  expect(await focusIsVisible(page)).toBe(true);
  await keyboard.press('Enter');

  await expect(page).toHaveURL(new RegExp(`^${sampleClient.url}/callback\\?`));
  await expect(page.getByRole('heading', { level: 1, name: 'Signed in' })).toBeVisible();
  await expect(page.locator('[data-field="company-id"]')).toHaveText(company.id);
});
