import type { Page } from '@playwright/test';
import { CODES, PLATFORM_COMPANY_ID, calls } from '@portico/contracts';
import {
  appWithRole,
  companyOwnerApi,
  inviteLink,
  signInInBrowser,
} from '../support/account-flows.js';
import { callOk } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { companyRoles } from '../support/members.js';

/** The side menu's link to the Users screen (shown only with the `users` flag). */
function usersLink(page: Page) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' });
}

test('switching the company from the avatar menu lands on the profile with that company’s menu', async ({
  adminApi,
  api,
  mail,
  page,
  createMember,
  signInApi,
}) => {
  // A plain member of core1 who is an administrator of a second company.
  const { grant } = await appWithRole(adminApi);
  const member = await createMember({ roles: [grant] });
  const company = await adminApi.createCompany();
  const owner = await companyOwnerApi(adminApi, api, mail, signInApi, company.id);
  const link = await inviteLink(owner, mail, member.email, companyRoles('admin'));
  await callOk(api, calls.invites.accept, {
    access_code: link.searchParams.get('code') ?? '',
    email: member.email,
  });
  const { coms } = await adminApi.call(calls.companies.list);
  const platform = coms.find((com) => com.id === PLATFORM_COMPANY_ID);
  if (!platform) throw new Error('core1 is not listed');

  // Signed in to the second company: the Users screen is offered and opens.
  const account = { login: member.username, password: member.password, email: member.email };
  await signInInBrowser(page, mail, account, company.name);
  await usersLink(page).click();
  await expect(page).toHaveURL(/\/manage\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();

  // Switch to core1 from the avatar menu: the profile, and no Users menu any more.
  const accountMenu = page.getByRole('button', { name: `Account menu of ${member.displayName}` });
  await accountMenu.click();
  await expect(page.getByRole('button', { name: company.name })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await page.getByRole('button', { name: platform.name }).click();
  await expect(page).toHaveURL(/\/manage\/me$/);
  await expect(usersLink(page)).toHaveCount(0);
  await page.goto('/manage/users');
  await expect(page.getByText(CODES.forbidden.text)).toBeVisible();

  // And back: the menu follows the company again.
  await accountMenu.click();
  await expect(page.getByRole('button', { name: platform.name })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await page.getByRole('button', { name: company.name }).click();
  await expect(page).toHaveURL(/\/manage\/me$/);
  await expect(usersLink(page)).toBeVisible();
});
