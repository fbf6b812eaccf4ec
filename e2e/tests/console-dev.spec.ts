import type { Page } from '@playwright/test';
import {
  ADMIN_TOASTS,
  APP_STATUSES,
  CODES,
  DEV_MESSAGES,
  PLATFORM_COMPANY_ID,
  USERS_MESSAGES,
  calls,
} from '@portico/contracts';
import { expectDialogTrapsFocus, expectNoAxeViolations, walkWithTab } from '../support/a11y.js';
import { signInInBrowser } from '../support/account-flows.js';
import { callApi } from '../support/api.js';
import { tinyPng } from '../support/profile-helpers.js';
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
  rotateSecret: 'Rotate secret',
  smallIcon: 'Small icon',
  removeRole: (name: string) => `Remove role ${name}`,
  close: 'Close',
};

/** The console's secret mask: the first and last three characters, a fixed run of dots between. */
function shownMask(secret: string): string {
  return `${secret.slice(0, 3)}••••••${secret.slice(-3)}`;
}

/** The label of the open page in the page trail (the breadcrumb over a pushed page). */
function currentPage(page: Page) {
  return page.getByRole('navigation', { name: 'Page trail' }).locator('[aria-current="page"]');
}

/**
 * Tab-walks the whole page as it is now, from before its first control (the skip link), so the
 * walk does not start at a control a click focused.
 */
async function walkWholePage(page: Page, where: string) {
  await page.getByRole('link', { name: 'Skip to content' }).focus();
  await page.keyboard.press('Shift+Tab');
  await walkWithTab(page, where);
}

async function signInAsAdmin(page: Page, mail: Parameters<typeof signInInBrowser>[1]) {
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
}

test.describe.configure({ timeout: 120_000 });

test('a platform administrator manages an application, its clients and roles', async ({
  page,
  mail,
}) => {
  await signInAsAdmin(page, mail);

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
  await expect(currentPage(page)).toHaveText(name);
  const details = page.getByRole('form', { name: new RegExp(name) });
  await details.getByRole('button', { name: L.edit }).click();
  await expect(details.getByRole('button', { name: L.apply })).toBeDisabled();
  await details.getByLabel(L.name).fill(`${name} v2`);
  await details.getByLabel(L.status).selectOption({ label: APP_STATUSES[2] });
  await details.getByRole('button', { name: L.apply }).click();
  await expect(page.getByText(ADMIN_TOASTS.updated(`${name} v2`))).toBeVisible();
  // The trail names the application by its saved name, without a reload.
  await expect(currentPage(page)).toHaveText(`${name} v2`);
  await expect(details.getByLabel(L.desc)).toHaveAttribute('readonly');

  // A small PNG icon, uploaded to the real API, is shown from the address it answers.
  await page.getByLabel(L.smallIcon).setInputFiles({
    name: 'ledger.png',
    mimeType: 'image/png',
    buffer: tinyPng(),
  });
  const icon = page.getByRole('img', { name: L.smallIcon });
  await expect(icon).toBeVisible();
  await expect(icon).toHaveJSProperty('naturalWidth', 8);
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
  await expect(masked).toHaveText(shownMask(secret));
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

  // Removing it asks the console's delete confirmation first.
  await roles.getByRole('button', { name: L.removeRole('Teller') }).click();
  const confirmRole = page.getByRole('dialog', { name: USERS_MESSAGES.confirmDeleteTitle });
  await expect(confirmRole.getByText(USERS_MESSAGES.confirmDeleteText)).toBeVisible();
  await screenshotBothWidths(page, 'dev-roles-confirm', { toasts: 'close' });
  await confirmRole.getByRole('button', { name: L.delete }).click();
  await expect(page.getByText(ADMIN_TOASTS.deleted('Teller'))).toBeVisible();
  await expect(confirmRole).toBeHidden();
  await expect(roles.getByRole('cell', { name: 'teller', exact: true })).toHaveCount(0);
  await roles.getByRole('button', { name: L.close }).first().click();

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

test('a rotated client secret is shown once and the old one stops exchanging codes at once', async ({
  page,
  mail,
  adminApi,
  api,
  createMember,
  signInApi,
}) => {
  const app = await adminApi.createApp({ id: uniqueId('dev-rotate') });
  const role = await adminApi.createRole(app.id, { name: 'Viewer' });
  const redirect = 'https://rotate.example/callback';
  const { client_id: client, client_secret: oldSecret } = await adminApi.createClient(
    app.id,
    redirect,
  );
  const member = await createMember({ roles: [{ app: app.id, roles: [role.id] }] });
  const exchange = (secret: string, code: string) =>
    callApi(api, calls.exchange.code, { client, secret, code, com: PLATFORM_COMPANY_ID });

  // Before: the old secret passes the client check (a code never issued is what it refuses).
  expect((await exchange(oldSecret, 'never-issued')).Code).toBe('code_invalid');

  await signInAsAdmin(page, mail);
  await page.getByRole('button', { name: `Open ${app.name}` }).click();
  await page.getByRole('button', { name: new RegExp(`Client of ${app.id}`) }).click();
  const masked = page.getByTestId('client-secret');
  await expect(masked).toHaveText(shownMask(oldSecret));

  // Rotate: a confirmation first, saying what it ends.
  const rotate = page.getByRole('button', { name: L.rotateSecret });
  await rotate.click();
  const confirm = page.getByRole('dialog', { name: DEV_MESSAGES.rotateConfirmTitle });
  await expect(
    confirm.getByText(DEV_MESSAGES.rotateConfirmText(`Client of ${app.id}`)),
  ).toBeVisible();
  await screenshotBothWidths(page, 'dev-rotate-confirm', { toasts: 'close' });
  await confirm.getByRole('button', { name: L.rotateSecret }).click();
  await expect(confirm).toBeHidden();

  // The new secret, whole, once; the mask is the new one's; focus is back on the button.
  await expect(page.getByText(DEV_MESSAGES.secretShownOnce)).toBeVisible();
  const newSecret = await page.getByLabel(L.secret).inputValue();
  expect(newSecret.length).toBeGreaterThanOrEqual(6);
  expect(newSecret).not.toBe(oldSecret);
  await expect(masked).toHaveText(shownMask(newSecret));
  await expect(rotate).toBeFocused();
  await screenshotBothWidths(page, 'dev-rotate-secret', { toasts: 'close' });

  // Shown once: after a reload only its mask is left.
  await page.reload();
  await page.getByRole('button', { name: `Open ${app.name}` }).click();
  await page.getByRole('button', { name: new RegExp(`Client of ${app.id}`) }).click();
  await expect(masked).toHaveText(shownMask(newSecret));
  await expect(page.getByText(DEV_MESSAGES.secretShownOnce)).toHaveCount(0);
  await expect(page.getByText(newSecret)).toHaveCount(0);

  // A member signs in to the client's application: a real one-time code for this client.
  const signedIn = await signInApi(
    { login: member.username, password: member.password, email: member.email },
    { client, redirect, com: PLATFORM_COMPANY_ID },
  );
  const code = signedIn.choice?.code ?? '';
  expect(code).not.toBe('');

  // The old secret is refused as the client's credential. The client check comes before the
  // code is looked at, so the code is still unused: the new secret exchanges that same code.
  expect((await exchange(oldSecret, code)).Code).toBe('client_unauthorized');
  const exchanged = await exchange(newSecret, code);
  expect(exchanged.Code).toBe('200');
  expect(exchanged.Msg).toMatchObject({
    user: { username: member.username },
    company: { id: PLATFORM_COMPANY_ID },
    roles: [role.id],
  });
});

test('the Developer screen and its dialogs by keyboard: every control, a visible focus', async ({
  page,
  mail,
  adminApi,
}) => {
  const app = await adminApi.createApp({ id: uniqueId('dev-keys'), link: '' });
  await adminApi.createClient(app.id, 'https://keys.example/callback');
  await signInAsAdmin(page, mail);
  await page.getByRole('button', { name: `Open ${app.name}` }).click();
  const details = page.getByRole('form', { name: new RegExp(app.name) });
  await expect(details).toBeVisible();

  // View mode, then edit mode, of the application editor with its clients and icons.
  await walkWholePage(page, 'application editor, view mode');
  await page.getByRole('button', { name: new RegExp(`Client of ${app.id}`) }).click();
  await screenshotBothWidths(page, 'dev-client-view');
  await walkWholePage(page, 'application editor, a client open');
  await expectNoAxeViolations(page, 'application editor');
  await details.getByRole('button', { name: L.edit }).click();
  await walkWholePage(page, 'application editor, edit mode');
  await expectNoAxeViolations(page, 'application editor, edit mode');
  await details.getByRole('button', { name: 'Cancel' }).click();

  // The roles dialog, and the confirmation over it.
  const rolesName = `Roles of ${app.name}`;
  await expectDialogTrapsFocus(
    page,
    page.getByRole('button', { name: L.roles, exact: true }),
    rolesName,
  );
  await page.getByRole('button', { name: L.roles, exact: true }).click();
  const roles = page.getByRole('dialog', { name: rolesName });
  await roles.getByLabel(L.id).fill('clerk');
  await roles.getByLabel(L.name).fill('Clerk');
  await roles.getByRole('button', { name: L.addRole }).click();
  await expect(roles.getByRole('cell', { name: 'clerk', exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'roles dialog');
  await roles.getByRole('button', { name: L.close }).first().click();
  await expect(roles).toBeHidden();
  await page.getByRole('button', { name: L.roles, exact: true }).click();
  await expectDialogTrapsFocus(
    page,
    roles.getByRole('button', { name: L.removeRole('Clerk') }),
    USERS_MESSAGES.confirmDeleteTitle,
  );
  await expect(roles.getByRole('cell', { name: 'clerk', exact: true })).toBeVisible();
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
