import { SUBSCRIPTION_TEXTS, calls } from '@portico/contracts';
import { expect, test } from '../support/fixtures.js';
import { continueToShell, memberGrant, submitPassword } from '../support/mfa-browser.js';
import { screenshotBothWidths } from '../support/screenshots.js';
import { postFromPage } from '../support/profile-helpers.js';

const T = SUBSCRIPTION_TEXTS;

test('a member joins and cancels a beta; a subscription cannot be joined', async ({
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
  const member = await createMember({ roles: [await memberGrant(adminApi)] });
  await submitPassword(page, mail, member);
  await continueToShell(page);
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
