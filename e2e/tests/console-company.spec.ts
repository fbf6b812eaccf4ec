import {
  ADMIN_TOASTS,
  BRANCH_TEXTS,
  BRANCH_TOASTS,
  CODES,
  COMPANY_TEXTS,
  CONSOLE_LABELS,
  USERS_MESSAGES,
  calls,
} from '@portico/contracts';
import { signInBrowser } from '../support/admin-browser.js';
import { screenshotBothWidths } from '../support/screenshots.js';
import { AdminApi } from '../support/admin.js';
import { callApi } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { accountOf, createOwner, inviteAndRegister } from '../support/members.js';
import { uniqueId, uniqueSuffix } from '../support/names.js';
import { expectKeyboardReach } from '../support/a11y.js';
import {
  loadedImageSrc,
  textAsPng,
  textFile,
  tinyPng,
  uploadFromPage,
} from '../support/profile-helpers.js';
import { API_ORIGIN } from '../support/stack.js';

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

test('a company owner replaces the company image; other files and a plain member are refused', async ({
  page,
  browser,
  mail,
  api,
  adminApi,
  clientIps,
}) => {
  test.setTimeout(120_000);
  const company = await adminApi.createCompany();
  const app = await adminApi.createApp();
  const role = await adminApi.createRole(app.id);
  const owner = await createOwner(adminApi, api, mail, company.id);
  await signInBrowser(page, mail, accountOf(owner), company.id);
  await page.goto('/manage/company');
  const profile = page.getByRole('region', { name: company.name });
  const image = profile.locator('img.avatar');
  const input = profile.getByLabel(COMPANY_TEXTS.changeImage);
  await expect(profile.getByRole('button', { name: COMPANY_TEXTS.changeImage })).toBeVisible();
  await expect(image).toHaveCount(0);

  // A png: shown at once, and still after a reload.
  await input.setInputFiles({ name: 'seal.png', mimeType: 'image/png', buffer: tinyPng() });
  await expect(page.getByText(COMPANY_TEXTS.imageUpdated)).toBeVisible();
  await expect(image).toHaveAttribute('src', /\/v1\/files\//);
  const shown = await loadedImageSrc(image);
  await page.reload();
  expect(await loadedImageSrc(image)).toBe(shown);
  await screenshotBothWidths(page, 'company-image', { toasts: 'wait' });

  // Text under a png's name (the server looks at the bytes), and a text file (refused by its
  // type before it travels): said under the button, the image stays.
  const refusal = profile.getByRole('alert');
  const answered = page.waitForResponse((r) => r.url().endsWith(calls.company.uploadImage.path));
  await input.setInputFiles(textAsPng());
  expect((await answered).status()).toBe(415);
  await expect(refusal).toHaveText(CODES.unsupported_media_type.text);
  await expect(
    profile.getByRole('button', { name: COMPANY_TEXTS.changeImage }),
  ).toHaveAccessibleDescription(CODES.unsupported_media_type.text);
  await page.reload();
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith(calls.company.uploadImage.path)) uploads.push(r.url());
  });
  await input.setInputFiles(textFile());
  await expect(refusal).toHaveText(CODES.unsupported_media_type.text);
  expect(uploads).toEqual([]);
  expect(await loadedImageSrc(image)).toBe(shown);
  await screenshotBothWidths(page, 'company-image-refused');

  // A plain member sees the image without any control to change it...
  const inviter = new AdminApi(page.request, async () => undefined, company.id);
  const member = await inviteAndRegister(inviter, api, mail, [{ app: app.id, roles: [role.id] }]);
  const memberContext = await browser.newContext({
    baseURL: API_ORIGIN,
    extraHTTPHeaders: { 'x-forwarded-for': clientIps.next() },
  });
  const memberPage = await memberContext.newPage();
  await signInBrowser(memberPage, mail, accountOf(member), company.id);
  await memberPage.goto('/manage/company');
  const memberView = memberPage.getByRole('region', { name: company.name });
  expect(await loadedImageSrc(memberView.locator('img.avatar'))).toBe(shown);
  await expect(memberView.getByRole('button')).toHaveCount(0);
  await expect(memberView.locator('input[type="file"]')).toHaveCount(0);

  // ... and the server refuses the upload made anyway, from the member's own session.
  const refused = await uploadFromPage(memberPage, calls.company.uploadImage.path, {
    name: 'other.png',
    mimeType: 'image/png',
    buffer: tinyPng(),
  });
  expect(refused).toMatchObject({ status: 403, Code: 'forbidden' });
  await memberContext.close();
  await page.reload();
  expect(await loadedImageSrc(image)).toBe(shown);
});

test('every control of the company screen and its dialog is reached by Tab, named and ringed', async ({
  page,
  mail,
  api,
  adminApi,
}) => {
  const com = (await adminApi.createCompany()).id;
  const owner = await createOwner(adminApi, api, mail, com);
  await signInBrowser(page, mail, accountOf(owner), com);
  const branch = { branchid: uniqueId('br'), name: `Harbour ${uniqueSuffix()}` };
  expect((await callApi(page.request, calls.branches.add, { ...branch, com })).Code).toBe('200');
  await page.goto('/manage/company');
  const branches = page.getByRole('region', { name: BRANCH_TEXTS.heading });
  await expect(branches.getByRole('cell', { name: branch.name, exact: true })).toBeVisible();
  const keyboard = page.keyboard;
  const main = page.getByRole('main');
  const editName = page.getByRole('button', {
    name: `${CONSOLE_LABELS.edit} ${CONSOLE_LABELS.name}`,
  });
  const editBranch = branches.getByRole('button', {
    name: `${CONSOLE_LABELS.edit} ${branch.name}`,
  });
  const deleteBranch = branches.getByRole('button', {
    name: `${CONSOLE_LABELS.delete} ${branch.name}`,
  });

  await main.focus();
  await expectKeyboardReach(page, main, [
    COMPANY_TEXTS.changeImage,
    `${CONSOLE_LABELS.edit} ${CONSOLE_LABELS.name}`,
    `${CONSOLE_LABELS.edit} ${branch.name}`,
    `${CONSOLE_LABELS.delete} ${branch.name}`,
    BRANCH_TEXTS.branchId,
    BRANCH_TEXTS.branchName,
    BRANCH_TEXTS.addBranch,
  ]);

  // The name editor takes the focus and gives it back to Edit on Cancel.
  await editName.focus();
  await keyboard.press('Enter');
  await expect(page.getByLabel(CONSOLE_LABELS.name, { exact: true })).toBeFocused();
  await main.focus();
  await expectKeyboardReach(page, main, [CONSOLE_LABELS.name, CONSOLE_LABELS.cancel]);
  await page.getByRole('button', { name: CONSOLE_LABELS.cancel }).focus();
  await keyboard.press('Enter');
  await expect(editName).toBeFocused();

  // So does a branch's editor.
  await editBranch.focus();
  await keyboard.press('Enter');
  const branchName = branches.getByRole('row').getByLabel(BRANCH_TEXTS.branchName);
  await expect(branchName).toBeFocused();
  await screenshotBothWidths(page, 'company-branch-edit-keyboard', { fullPage: false });
  await branches.getByRole('button', { name: CONSOLE_LABELS.cancel }).focus();
  await keyboard.press('Enter');
  await expect(editBranch).toBeFocused();

  // The delete confirmation keeps the focus inside; Escape gives it back to Delete.
  await deleteBranch.focus();
  await keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: USERS_MESSAGES.confirmDeleteTitle });
  await expect(dialog).toBeVisible();
  await expectKeyboardReach(page, dialog, ['Close', CONSOLE_LABELS.delete], { trapped: true });
  await keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(deleteBranch).toBeFocused();
  await expect(branches.getByRole('cell', { name: branch.name, exact: true })).toBeVisible();
});
