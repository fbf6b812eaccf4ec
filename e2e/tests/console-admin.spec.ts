import {
  ADMIN_TOASTS,
  BANNED_TEXTS,
  BRANCH_TEXTS,
  BRANCH_TOASTS,
  CODES,
  COMPANIES_TEXTS,
  CONSOLE_LABELS,
  FORM_MESSAGES,
  OWNER_ACTIONS,
  PLATFORM_COMPANY_ID,
  USERS_MESSAGES,
  WHITELIST_MESSAGES,
  WHITELIST_TEXTS,
  banReasonLabel,
  calls,
} from '@portico/contracts';
import { banAddress, signInBrowser } from '../support/admin-browser.js';
import { screenshotBothWidths } from '../support/screenshots.js';
import { callApi } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { createOwner } from '../support/members.js';
import { uniqueEmail, uniqueId, uniqueSuffix } from '../support/names.js';
import { ADMIN, ADMIN_DEVICE } from '../support/stack.js';

const ADMIN_ACCOUNT = { login: ADMIN.username, password: ADMIN.password, email: ADMIN.email };

test('a platform administrator manages companies, the IP whitelist and banned IPs', async ({
  page,
  mail,
  clientIps,
}) => {
  test.setTimeout(180_000);
  await signInBrowser(page, mail, ADMIN_ACCOUNT, PLATFORM_COMPANY_ID, ADMIN_DEVICE);

  // Companies: add one.
  const company = { id: uniqueId('adm'), name: `Harbor Bank ${uniqueSuffix()}` };
  await page.goto('/manage/admin/companies');
  await page.getByRole('button', { name: COMPANIES_TEXTS.addCompany }).click();
  const add = page.getByRole('dialog', { name: COMPANIES_TEXTS.addCompany });
  await add.getByRole('button', { name: CONSOLE_LABELS.create }).click();
  await expect(add.getByText(FORM_MESSAGES.required)).toHaveCount(2);
  await add.getByLabel(CONSOLE_LABELS.id).fill(company.id);
  await add.getByLabel(CONSOLE_LABELS.name).fill(company.name);
  await screenshotBothWidths(page, 'admin-add-company', { toasts: 'wait' });
  await add.getByRole('button', { name: CONSOLE_LABELS.create }).click();
  await expect(page.getByText(ADMIN_TOASTS.added)).toBeVisible();
  await expect(add).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: company.name });
  await expect(row.getByRole('button', { name: OWNER_ACTIONS.invite })).toBeVisible();

  // Its branches dialog: add a branch.
  await row.getByRole('button', { name: COMPANIES_TEXTS.branches }).click();
  const branches = page.getByRole('dialog', { name: COMPANIES_TEXTS.branchesOf(company.name) });
  await branches.getByLabel(BRANCH_TEXTS.branchId).fill(uniqueId('br'));
  await branches.getByLabel(BRANCH_TEXTS.branchName).fill('Harbour Street');
  await branches.getByRole('button', { name: BRANCH_TEXTS.addBranch }).click();
  await expect(page.getByText(BRANCH_TOASTS.added)).toBeVisible();
  await expect(branches.getByRole('cell', { name: 'Harbour Street', exact: true })).toBeVisible();
  await screenshotBothWidths(page, 'admin-branches-dialog', { toasts: 'wait' });
  await branches.getByRole('button', { name: 'Close' }).click();
  await expect(branches).toBeHidden();

  // Invite its owner: the column then offers Resend.
  const ownerEmail = uniqueEmail('admin-owner');
  await row.getByRole('button', { name: OWNER_ACTIONS.invite }).click();
  const invite = page.getByRole('dialog', { name: COMPANIES_TEXTS.inviteOwnerOf(company.name) });
  await invite.getByLabel(COMPANIES_TEXTS.ownerEmail).fill(ownerEmail);
  await screenshotBothWidths(page, 'admin-invite-owner', { toasts: 'wait' });
  await invite.getByRole('button', { name: COMPANIES_TEXTS.invite }).click();
  await expect(page.getByText(USERS_MESSAGES.inviteSent(ownerEmail))).toBeVisible();
  await expect(row.getByRole('button', { name: OWNER_ACTIONS.resend })).toBeVisible();
  await expect(row.getByText(COMPANIES_TEXTS.pendingOwner(ownerEmail))).toBeVisible();
  await screenshotBothWidths(page, 'admin-companies', { toasts: 'wait' });

  // IP whitelist: a bad address is refused in the form; a good one is added, then removed.
  const ip = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  await page.goto('/manage/admin/ip-whitelist');
  await page.getByRole('button', { name: WHITELIST_TEXTS.addIp }).click();
  const addIp = page.getByRole('dialog', { name: WHITELIST_TEXTS.addIp });
  await addIp.getByLabel(WHITELIST_TEXTS.ip).fill('2001:db8::1');
  await addIp.getByRole('button', { name: WHITELIST_TEXTS.add }).click();
  await expect(addIp.getByText(WHITELIST_MESSAGES.invalidFormat)).toBeVisible();
  await addIp.getByLabel(WHITELIST_TEXTS.ip).fill(ip);
  await addIp.getByLabel(WHITELIST_TEXTS.description).fill('Branch office gateway');
  await screenshotBothWidths(page, 'admin-add-ip', { toasts: 'wait' });
  await addIp.getByRole('button', { name: WHITELIST_TEXTS.add }).click();
  await expect(addIp).toBeHidden();
  const ipRow = page.getByRole('row').filter({ hasText: ip });
  await expect(ipRow.getByText('Branch office gateway')).toBeVisible();
  await expect(ipRow.getByText(ADMIN.username)).toBeVisible();
  await screenshotBothWidths(page, 'admin-ip-whitelist', { toasts: 'wait' });
  await ipRow.getByRole('button', { name: CONSOLE_LABELS.remove }).click();
  await page
    .getByRole('dialog', { name: USERS_MESSAGES.confirmDeleteTitle })
    .getByRole('button', { name: CONSOLE_LABELS.remove })
    .click();
  await expect(page.getByText(ADMIN_TOASTS.whitelistRemoved)).toBeVisible();
  await expect(ipRow).toHaveCount(0);

  // Banned IPs: an address that made too many credential calls, then unbanned.
  const abuser = clientIps.next();
  expect(await banAddress(abuser)).toBe('rate_limit_exceeded');
  await page.goto('/manage/admin/ip-banned');
  const banRow = page.getByRole('row').filter({ hasText: abuser });
  await expect(banRow.getByText(banReasonLabel('rate_limit'))).toBeVisible();
  await expect(banRow.getByText(/^\d+h \d+m$/)).toBeVisible();
  await page.getByLabel(BANNED_TEXTS.sortBy).selectOption('reason');
  await expect(banRow).toBeVisible();
  await screenshotBothWidths(page, 'admin-ip-banned', { toasts: 'wait' });
  await banRow.getByRole('button', { name: BANNED_TEXTS.unban }).click();
  await page
    .getByRole('dialog', { name: USERS_MESSAGES.confirmDeleteTitle })
    .getByRole('button', { name: BANNED_TEXTS.unban })
    .click();
  await expect(page.getByText(ADMIN_TOASTS.unbanned)).toBeVisible();
  await expect(banRow).toHaveCount(0);
});

test('the owner of another company has no admin console, and the server refuses its calls', async ({
  page,
  mail,
  api,
  adminApi,
}) => {
  const com = (await adminApi.createCompany()).id;
  const owner = await createOwner(adminApi, api, mail, com);
  await signInBrowser(
    page,
    mail,
    { login: owner.username, password: owner.password, email: owner.email },
    com,
  );

  await page.goto('/manage/admin/companies');
  await expect(page.getByText(CODES.forbidden.text)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: COMPANIES_TEXTS.addCompany })).toHaveCount(0);

  const refused = await callApi(page.request, calls.companies.add, {
    id: uniqueId('nope'),
    name: 'Not allowed',
  });
  expect(refused.Code).toBe('forbidden');
  const whitelist = await callApi(page.request, calls.ipLists.addWhitelist, { ip: '198.18.0.9' });
  expect(whitelist.Code).toBe('forbidden');
});
