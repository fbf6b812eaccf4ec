import {
  GLOBAL_APP_ID,
  OWNER_ACTION_TEXTS as O,
  USERS_SCREEN_TEXTS as T,
  calls,
} from '@portico/contracts';
import { expect, test } from '../support/fixtures.js';
import { createOwner, inviteAndRegister } from '../support/members.js';
import { screenshotBothWidths } from '../support/screenshots.js';
import { closeToasts, expandUserCard, signInPage } from '../support/users-helpers.js';

test('the owner grants and takes back admin, then hands the company over', async ({
  adminApi,
  api,
  mail,
  page,
}) => {
  const com = (await adminApi.createCompany()).id;
  const app = await adminApi.createApp();
  const role = await adminApi.createRole(app.id);
  const owner = await createOwner(adminApi, api, mail, com);
  const ownerApi = await signInPage(page, mail, owner, com);
  const member = await inviteAndRegister(ownerApi, api, mail, [{ app: app.id, roles: [role.id] }]);
  const companyRolesOf = async (email: string) => {
    const list = await ownerApi.call(calls.users.list, { offset: 0, search: email });
    return list.users.find((row) => row.email === email && row.app === GLOBAL_APP_ID)?.roles ?? [];
  };

  await page.goto('/manage/users');
  let item = await expandUserCard(page, member.email);
  // The card's name (names of this company, else the username) is what the texts say.
  const name = (await item.locator('.accordion-header .fw-semibold').getAttribute('title')) ?? '';
  const controls = item.getByRole('group', { name: O.group });
  await controls.getByRole('button', { name: O.makeAdmin }).click();
  await expect(page.getByText(O.adminGranted(name))).toBeVisible();
  await expect(controls.getByRole('button', { name: O.removeAdmin })).toBeVisible();
  // An admin's access can be removed by the owner.
  await expect(item.getByRole('button', { name: T.removeUserAccess })).toBeVisible();
  await screenshotBothWidths(page, 'users-owner-actions', { fullPage: false });
  await closeToasts(page);

  await controls.getByRole('button', { name: O.removeAdmin }).click();
  await expect(page.getByText(O.adminRemoved(name))).toBeVisible();
  await expect(controls.getByRole('button', { name: O.makeAdmin })).toBeVisible();
  await closeToasts(page);

  await controls.getByRole('button', { name: O.transfer }).click();
  const dialog = page.getByRole('dialog', { name: O.transferTitle });
  await expect(dialog.getByText(O.transferText(name))).toBeVisible();
  await dialog.getByRole('button', { name: O.transferConfirm }).click();
  await expect(page.getByText(O.transferred(name))).toBeVisible();

  // Now an admin: no owner controls on anyone's card; the new owner's card is out of reach.
  await page.reload();
  item = await expandUserCard(page, member.email);
  await expect(item.getByRole('group', { name: O.group })).toHaveCount(0);
  await expect(item.getByRole('button', { name: T.removeUserAccess })).toHaveCount(0);
  expect(await companyRolesOf(member.email)).toContain('owner');
  expect(await companyRolesOf(owner.email)).toEqual(['admin']);
});
