import {
  ADMIN_TOASTS,
  BRANCH_TEXTS,
  BRANCH_TOASTS,
  CONSOLE_LABELS,
  calls,
} from '@portico/contracts';
import { signInBrowser } from '../support/admin-browser.js';
import { screenshotBothWidths } from '../support/screenshots.js';
import { AdminApi } from '../support/admin.js';
import { callApi } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { createOwner, inviteAndRegister } from '../support/members.js';
import { uniqueId, uniqueSuffix } from '../support/names.js';
import { API_ORIGIN } from '../support/stack.js';

const accountOf = (member: { username: string; password: string; email: string }) => ({
  login: member.username,
  password: member.password,
  email: member.email,
});

test('a company owner renames the company and adds a branch; a member only reads', async ({
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
  const role = await adminApi.createRole(app.id, { name: `Clerk ${uniqueSuffix()}` });
  const owner = await createOwner(adminApi, api, mail, com);
  await signInBrowser(page, mail, accountOf(owner), com);

  // The owner renames the company.
  const newName = `Seaside Savings ${uniqueSuffix()}`;
  await page.goto('/manage/company');
  await expect(page.getByRole('heading', { level: 1, name: 'Company' })).toBeVisible();
  await page.getByRole('button', { name: `${CONSOLE_LABELS.edit} ${CONSOLE_LABELS.name}` }).click();
  await page.getByLabel(CONSOLE_LABELS.name, { exact: true }).fill(newName);
  await page.getByRole('button', { name: CONSOLE_LABELS.apply }).click();
  await expect(page.getByText(ADMIN_TOASTS.updated(newName))).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: newName })).toBeVisible();

  // ... and adds a branch.
  const branches = page.getByRole('region', { name: BRANCH_TEXTS.heading });
  const branch = { id: uniqueId('br'), name: 'Pier Road' };
  await branches.getByLabel(BRANCH_TEXTS.branchId).fill(branch.id);
  await branches.getByLabel(BRANCH_TEXTS.branchName).fill(branch.name);
  await branches.getByRole('button', { name: BRANCH_TEXTS.addBranch }).click();
  await expect(page.getByText(BRANCH_TOASTS.added)).toBeVisible();
  await expect(branches.getByRole('cell', { name: branch.name, exact: true })).toBeVisible();
  await screenshotBothWidths(page, 'company-owner', { toasts: 'wait' });

  // A plain member (an application role only) sees it all read-only.
  const inviter = new AdminApi(page.request, async () => undefined, com);
  const member = await inviteAndRegister(inviter, api, mail, [{ app: app.id, roles: [role.id] }]);
  const memberContext = await browser.newContext({
    baseURL: API_ORIGIN,
    extraHTTPHeaders: { 'x-forwarded-for': clientIps.next() },
  });
  const memberPage = await memberContext.newPage();
  await signInBrowser(memberPage, mail, accountOf(member), com);
  await memberPage.goto('/manage/company');
  const memberBranches = memberPage.getByRole('region', { name: BRANCH_TEXTS.heading });
  await expect(memberBranches.getByRole('cell', { name: branch.name, exact: true })).toBeVisible();
  await expect(memberPage.getByText(newName)).toBeVisible();
  await expect(memberPage.getByRole('button', { name: /Edit/ })).toHaveCount(0);
  await expect(memberBranches.getByRole('button')).toHaveCount(0);
  await expect(memberBranches.getByLabel(BRANCH_TEXTS.branchId)).toHaveCount(0);
  await screenshotBothWidths(memberPage, 'company-member', { toasts: 'wait' });

  // The server refuses the member's branch call made anyway.
  const refused = await callApi(memberPage.request, calls.branches.add, {
    branchid: uniqueId('br'),
    name: 'Not allowed',
    com,
  });
  expect(refused.Code).toBe('forbidden');
  await memberContext.close();
});
