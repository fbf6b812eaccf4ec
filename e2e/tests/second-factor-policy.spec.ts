import { PROFILE_TEXTS, SECOND_FACTOR_TEXTS as S, TOTP_TEXTS as T } from '@portico/contracts';
import { signInBrowser } from '../support/admin-browser.js';
import { AdminApi } from '../support/admin.js';
import { expectNoAxeViolations } from '../support/a11y.js';
import { appCode, appStep } from '../support/app-codes.js';
import { expect, test } from '../support/fixtures.js';
import { continueToShell, submitPassword } from '../support/mfa-browser.js';
import { accountOf, createOwner, inviteAndRegister } from '../support/members.js';
import { API_ORIGIN } from '../support/stack.js';

/**
 * Issue 14, "second factor required" (docs/mfa.md): a company's owner turns the policy on from
 * the Company screen, by keyboard; a member with no second factor is then taken through setting
 * up an authenticator app right after the password and the device code, before the company, and
 * lands in the console with the app in use.
 */
test('a company requires a second factor: a member without one sets up an app before the company', async ({
  page,
  browser,
  mail,
  api,
  adminApi,
  clientIps,
}) => {
  test.setTimeout(180_000);
  const com = (await adminApi.createCompany()).id;
  const app = await adminApi.createApp();
  const role = await adminApi.createRole(app.id);
  const owner = await createOwner(adminApi, api, mail, com);
  await signInBrowser(page, mail, accountOf(owner), com);

  await page.goto('/manage/company');
  const security = page.getByRole('region', { name: S.securityHeading });
  const toggle = security.getByRole('switch', { name: S.companySwitch });
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toHaveAccessibleDescription(S.companyHelp);
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(S.requiredNow)).toBeVisible();
  await expect(toggle).toBeChecked();
  await expectNoAxeViolations(page, 'the company security section');

  const inviter = new AdminApi(page.request, async () => undefined, com);
  const member = await inviteAndRegister(inviter, api, mail, [{ app: app.id, roles: [role.id] }]);
  const memberContext = await browser.newContext({
    baseURL: API_ORIGIN,
    extraHTTPHeaders: { 'x-forwarded-for': clientIps.next() },
  });
  const memberPage = await memberContext.newPage();
  await submitPassword(memberPage, mail, member);

  // The set-up step, before any company: by keyboard from the focused password field.
  await expect(memberPage.getByRole('heading', { name: S.setupTitle })).toBeVisible();
  await expect(memberPage.getByText(S.setupText)).toBeVisible();
  await expectNoAxeViolations(memberPage, 'the required second factor set-up');
  await expect(memberPage.getByLabel(PROFILE_TEXTS.password)).toBeFocused();
  await memberPage.keyboard.type(member.password);
  await memberPage.keyboard.press('Enter');
  const key = await memberPage.getByLabel(T.key).inputValue();
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);
  await memberPage.getByLabel(T.code).fill(await appCode(key, (await appStep()) - 1));
  await memberPage.keyboard.press('Enter');
  await expect(memberPage.getByText(S.setupDone)).toBeVisible();
  await expect(
    memberPage.getByRole('list', { name: T.codesTitle }).getByRole('listitem'),
  ).toHaveCount(10);
  await expectNoAxeViolations(memberPage, 'the recovery codes after the required set-up');
  await memberPage.getByRole('button', { name: T.done }).click();
  await continueToShell(memberPage);

  // The profile shows the app in use (its use at sign-in: authenticator-app.spec.ts).
  await expect(memberPage.getByText(T.on(10))).toBeVisible();
  await memberContext.close();
});
