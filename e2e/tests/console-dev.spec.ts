import {
  ADMIN_TOASTS,
  APP_STATUSES,
  CODES,
  DEV_MESSAGES,
  USERS_MESSAGES,
  calls,
} from '@portico/contracts';
import { signInInBrowser } from '../support/account-flows.js';
import { screenshotBothWidths } from '../support/screenshots.js';
import { expect, test } from '../support/fixtures.js';
import { companyRoles } from '../support/members.js';
import { uniqueEmail, uniqueId } from '../support/names.js';
import { ADMIN, API_ORIGIN } from '../support/stack.js';

// The portal's own control names (apps/portal/src/dev/labels.ts, ui/editor/labels.ts).
const L = {
  developer: 'Developer',
  addApp: 'Add application',
  add: 'Add',
  id: 'Id',
  name: 'Name',
  desc: 'Description',
  status: 'Status',
  addClient: 'Add client',
  redirect: 'Redirect URL',
  roles: 'Roles',
  addRole: 'Add role',
  edit: 'Edit',
  apply: 'Apply',
  create: 'Create',
  delete: 'Delete',
  secret: 'Client secret',
};

test.describe.configure({ timeout: 120_000 });

test('a platform administrator manages an application, its clients and roles', async ({
  page,
  mail,
}) => {
  await signInInBrowser(page, mail, {
    login: ADMIN.username,
    password: ADMIN.password,
    email: ADMIN.email,
  });
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: L.developer })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: L.developer })).toBeVisible();

  // Add an application.
  const id = uniqueId('dev-app');
  const name = `Ledger ${id.slice(-6)}`;
  await page.getByRole('button', { name: L.addApp }).click();
  const addDialog = page.getByRole('dialog', { name: L.addApp });
  await addDialog.getByLabel(L.id).fill(id);
  await addDialog.getByLabel(L.name).fill(name);
  await addDialog.getByLabel(L.desc).fill('General ledger for the branches');
  await addDialog.getByRole('button', { name: L.add }).click();
  await expect(page.getByText(ADMIN_TOASTS.added).first()).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: id });
  await expect(row.getByText(APP_STATUSES[0])).toBeVisible();
  await screenshotBothWidths(page, 'dev-list', { toasts: 'close' });

  // Edit it: name and status.
  await page.getByRole('button', { name: `Open ${name}` }).click();
  const details = page.getByRole('form', { name: new RegExp(name) });
  await details.getByRole('button', { name: L.edit }).click();
  await expect(details.getByRole('button', { name: L.apply })).toBeDisabled();
  await details.getByLabel(L.name).fill(`${name} v2`);
  await details.getByLabel(L.status).selectOption({ label: APP_STATUSES[2] });
  await details.getByRole('button', { name: L.apply }).click();
  await expect(page.getByText(ADMIN_TOASTS.updated(`${name} v2`))).toBeVisible();
  await screenshotBothWidths(page, 'dev-editor', { toasts: 'close' });

  // Add a client: the secret is shown whole once, then masked.
  await page.getByRole('button', { name: L.addClient }).click();
  const newClient = page.getByRole('form', { name: 'New client' });
  await newClient.getByLabel(L.name).fill('Ledger web');
  await newClient.getByLabel(L.redirect).fill('https://ledger.example/callback');
  await screenshotBothWidths(page, 'dev-client-form', { toasts: 'close' });
  await newClient.getByRole('button', { name: L.create }).click();
  await expect(page.getByText(DEV_MESSAGES.secretShownOnce)).toBeVisible();
  const secret = await page.getByLabel(L.secret).inputValue();
  expect(secret.length).toBeGreaterThanOrEqual(6);
  const masked = page.getByTestId('client-secret');
  await expect(masked).toHaveText(
    `${secret.slice(0, 3)}${'*'.repeat(secret.length - 6)}${secret.slice(-3)}`,
  );
  await page.reload();
  await page.getByRole('button', { name: `Open ${name} v2` }).click();
  await expect(page.getByText(DEV_MESSAGES.secretShownOnce)).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Ledger web/ })).toContainText(secret.slice(0, 3));

  // Add a role; the built-in ones cannot be removed.
  await page.getByRole('button', { name: L.roles, exact: true }).click();
  const roles = page.getByRole('dialog', { name: `Roles of ${name} v2` });
  await expect(roles.getByRole('cell', { name: 'owner', exact: true })).toBeVisible();
  await expect(roles.getByRole('button', { name: 'Remove role Owner' })).toHaveCount(0);
  await roles.getByLabel(L.id).fill('teller');
  await roles.getByLabel(L.name).fill('Teller');
  await roles.getByLabel(L.desc).fill('Counter staff');
  await roles.getByRole('button', { name: L.addRole }).click();
  await expect(roles.getByRole('cell', { name: 'teller', exact: true })).toBeVisible();
  await screenshotBothWidths(page, 'dev-roles', { toasts: 'close' });
  await roles.getByRole('button', { name: 'Close' }).first().click();

  // Delete the client after the confirmation.
  await page.getByRole('button', { name: /Ledger web/ }).click();
  const clientForm = page.locator('form').filter({ has: page.getByTestId('client-secret') });
  await clientForm.getByRole('button', { name: L.delete }).click();
  const confirm = page.getByRole('dialog', { name: USERS_MESSAGES.confirmDeleteTitle });
  await expect(confirm.getByText(USERS_MESSAGES.confirmDeleteText)).toBeVisible();
  await confirm.getByRole('button', { name: L.delete }).click();
  await expect(page.getByText(ADMIN_TOASTS.clientRemoved('Ledger web'))).toBeVisible();
  await expect(page.getByRole('button', { name: /Ledger web/ })).toHaveCount(0);
});

test('a company administrator of another company has no Developer screen', async ({
  page,
  mail,
  adminApi,
  createMember,
}) => {
  const company = await adminApi.createCompany();
  const member = await createMember({
    email: uniqueEmail('dev-other'),
    roles: [companyRoles('admin')],
    company: company.id,
  });
  await signInInBrowser(page, mail, {
    login: member.username,
    password: member.password,
    email: member.email,
  });
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu.getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(menu.getByRole('link', { name: L.developer })).toHaveCount(0);

  await page.goto('/manage/dev');
  await expect(page.getByText(CODES.forbidden.text)).toBeVisible();
  await expect(page.getByRole('button', { name: L.addApp })).toHaveCount(0);

  // The call made anyway, with the browser's own session, is refused by the server.
  const response = await page.request.post(`${API_ORIGIN}${calls.apps.add.path}`, {
    headers: { Origin: API_ORIGIN },
    data: { id: uniqueId('dev-sneak'), name: 'Sneak', desc: '' },
  });
  const answer = (await response.json()) as { Code: string };
  expect(answer.Code).toBe('forbidden');
});
