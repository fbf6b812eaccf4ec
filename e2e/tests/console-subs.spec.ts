import { SUBSCRIPTION_TEXTS, calls } from '@portico/contracts';
import { expect, test } from '../support/fixtures.js';
import { signInInBrowser } from '../support/account-flows.js';
import { companyRoles } from '../support/members.js';
import { memberGrant } from '../support/mfa-browser.js';
import { screenshotBothWidths } from '../support/screenshots.js';
import { postFromPage } from '../support/profile-helpers.js';

const T = SUBSCRIPTION_TEXTS;

test('a company admin joins and cancels a beta; a subscription cannot be joined', async ({
  adminApi,
  createMember,
  mail,
  page,
}) => {
  const beta = await adminApi.createApp({
    status: 'beta',
    desc: 'Early access to the new statements',
    link: 'https://beta.example.com/',
  });
  const paid = await adminApi.createApp({ status: 'released', desc: 'Treasury reports' });
  const company = await adminApi.createCompany();
  const member = await createMember({
    roles: [companyRoles('admin'), await memberGrant(adminApi)],
    company: company.id,
  });
  await signInInBrowser(page, mail, {
    login: member.username,
    password: member.password,
    email: member.email,
  });
  await page.goto('/manage/subs');

  const betaCard = page.getByRole('article', { name: beta.name });
  await expect(betaCard.getByText(T.beta, { exact: true })).toBeVisible();
  await expect(betaCard.getByText('Early access to the new statements')).toBeVisible();
  const link = betaCard.getByRole('link', { name: beta.name, exact: true });
  await expect(link).toHaveAttribute('href', 'https://beta.example.com/');
  await expect(link).toHaveAttribute('target', '_blank');
  expect((await betaCard.boundingBox())?.width).toBe(230);

  await betaCard.getByRole('button', { name: T.joinBeta }).click();
  await expect(page.getByText(T.joined(beta.name))).toBeVisible();
  await expect(betaCard.getByRole('button', { name: T.cancel })).toBeVisible();
  await screenshotBothWidths(page, 'profile-subs', { fullPage: false });
  await betaCard.getByRole('button', { name: T.cancel }).click();
  await expect(page.getByText(T.left(beta.name))).toBeVisible();
  await expect(betaCard.getByRole('button', { name: T.joinBeta })).toBeVisible();

  // A status-3 application: Subscribe is disabled, and the server refuses a beta for it.
  const paidCard = page.getByRole('article', { name: paid.name });
  await expect(paidCard.getByRole('button', { name: T.subscribe })).toBeDisabled();
  await expect(paidCard.getByText(T.subscribeHint)).toBeVisible();
  const refused = await postFromPage(page, calls.subscriptions.update.path, {
    app: paid.id,
    status: 'beta',
  });
  expect(refused).toMatchObject({ status: 403, Code: 'app_access_prohibited' });
});

test("a member without the company's owner or admin role cannot change its beta access", async ({
  adminApi,
  createMember,
  mail,
  page,
}) => {
  const beta = await adminApi.createApp({ status: 'beta', desc: 'Early access' });
  const company = await adminApi.createCompany();
  const member = await createMember({
    roles: [await memberGrant(adminApi)],
    company: company.id,
  });
  await signInInBrowser(page, mail, {
    login: member.username,
    password: member.password,
    email: member.email,
  });
  await page.goto('/manage/subs');

  const betaCard = page.getByRole('article', { name: beta.name });
  const join = betaCard.getByRole('button', { name: T.joinBeta });
  await expect(join).toBeDisabled();
  await expect(join).toHaveAccessibleDescription(T.adminOnlyHint);
  // The server says the same to a call made without the button.
  const refused = await postFromPage(page, calls.subscriptions.update.path, {
    app: beta.id,
    status: 'beta',
  });
  expect(refused).toMatchObject({ status: 403, Code: 'forbidden' });
  await page.reload();
  await expect(betaCard.getByRole('button', { name: T.joinBeta })).toBeDisabled();
});
