import type { Browser, Page } from '@playwright/test';
import {
  ADMIN_TOASTS,
  APP_STATUSES,
  COMPANIES_TEXTS,
  CONSOLE_LABELS,
  DEV_LABELS,
  DEV_MESSAGES,
  EDITOR_LABELS,
  INVITE_MESSAGES,
  OWNER_ACTIONS,
  SIGN_IN_TEXTS,
  USERS_MESSAGES,
  USERS_SCREEN_TEXTS,
  connectTo,
} from '@portico/contracts';
import type { Newcomer } from '../support/account-flows.js';
import {
  acceptAsNewcomer,
  pathOf,
  signInInBrowser,
  submitCredentials,
} from '../support/account-flows.js';
import type { ClientIps } from '../support/client-ip.js';
import { expect, test } from '../support/fixtures.js';
import type { MailBox } from '../support/mail.js';
import { linkIn } from '../support/mail.js';
import { uniqueEmail, uniqueId, uniquePassword, uniqueSuffix } from '../support/names.js';
import { callbackUrl, freePort, runSampleClient } from '../support/sample-client.js';
import { ADMIN, API_ORIGIN } from '../support/stack.js';

/**
 * The "done when": the platform administrator, through the portal alone, registers an
 * application with a role and a client, creates a company and invites its owner, and invites a
 * user with roles; the owner invites the same user into the new company; the user then signs in
 * to the sample client, which runs on the client id and secret the Developer screen showed, and
 * receives the new company and the role. No step is seeded through the API.
 */
test('a platform administrator brings a company, an application and a user to the sample client', async ({
  page,
  browser,
  mail,
  clientIps,
}) => {
  test.setTimeout(300_000);
  const suffix = uniqueSuffix();
  const app = { id: `ledger_${suffix}`, name: `Ledger ${suffix}` };
  const role = { id: 'teller', name: 'Teller' };
  const company = { id: `harbor_${suffix}`, name: `Harbor Bank ${suffix}` };
  const owner = newcomer('owner', 'Olivia Owner');
  const user = newcomer('user', 'Uma User');

  // The administrator signs in at /sso like anyone (a new browser: the e-mailed device code).
  await signInInBrowser(page, mail, {
    login: ADMIN.username,
    password: ADMIN.password,
    email: ADMIN.email,
  });
  await expect(page).toHaveURL(/\/manage\/me$/);

  // Developer: the application, released, with a role and a Web client for the sample client.
  const port = await freePort();
  const credentials = await registerApplication(page, app, role, callbackUrl(port));
  const sampleClient = await runSampleClient({ port, ...credentials });

  try {
    // Admin > Companies: the company, and its owner invited.
    await page.goto('/manage/admin/companies');
    await page.getByRole('button', { name: COMPANIES_TEXTS.addCompany }).click();
    const add = page.getByRole('dialog', { name: COMPANIES_TEXTS.addCompany });
    await add.getByLabel(CONSOLE_LABELS.id).fill(company.id);
    await add.getByLabel(CONSOLE_LABELS.name).fill(company.name);
    await add.getByRole('button', { name: CONSOLE_LABELS.create }).click();
    await expect(page.getByText(ADMIN_TOASTS.added)).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: company.name });
    await row.getByRole('button', { name: OWNER_ACTIONS.invite }).click();
    const inviteOwner = page.getByRole('dialog', {
      name: COMPANIES_TEXTS.inviteOwnerOf(company.name),
    });
    await inviteOwner.getByLabel(COMPANIES_TEXTS.ownerEmail).fill(owner.email);
    await inviteOwner.getByRole('button', { name: COMPANIES_TEXTS.invite }).click();
    await expect(page.getByText(USERS_MESSAGES.inviteSent(owner.email))).toBeVisible();

    // Users: the user invited into the administrator's company with the Teller role.
    await page.goto('/manage/users');
    await inviteUser(page, user.email, app.id, role.name);

    // The user registers from that invitation, in a browser of their own.
    const userPage = await newBrowserPage(browser, clientIps);
    await acceptAsNewcomer(userPage, await invitationLink(mail, user.email, 0), user);

    // The owner registers from theirs, signs in to the new company and invites the user there.
    const ownerPage = await newBrowserPage(browser, clientIps);
    await acceptAsNewcomer(ownerPage, await invitationLink(mail, owner.email, 0), owner);
    await signInInBrowser(ownerPage, mail, { ...owner, login: owner.username });
    await ownerPage.goto('/manage/users');
    await inviteUser(ownerPage, user.email, app.id, role.name);
    await ownerPage.context().close();

    // The user, who has an account now, accepts the second invitation as it is.
    await userPage.goto(pathOf(await invitationLink(mail, user.email, 1)));
    await userPage.getByRole('button', { name: 'Accept' }).click();
    await expect(
      userPage.getByRole('heading', { level: 1, name: INVITE_MESSAGES.acceptedTitle }),
    ).toBeVisible();

    // The sample client: sign in through the portal, choose the new company, connect.
    await userPage.goto(sampleClient.url);
    await userPage.getByRole('link', { name: 'Sign in with Portico' }).click();
    const mailsBefore = await mail.count(user.email);
    await submitCredentials(userPage, user.username, user.password);
    const code = await mail.waitForCode(user.email, {
      after: mailsBefore,
      subject: 'device verification code',
    });
    await userPage.getByLabel(SIGN_IN_TEXTS.deviceCodeLabel).fill(code);
    await userPage.getByRole('button', { name: SIGN_IN_TEXTS.deviceVerify }).click();
    await userPage.getByLabel(SIGN_IN_TEXTS.companyLabel).selectOption({ label: company.name });
    await userPage.getByRole('button', { name: SIGN_IN_TEXTS.continue }).click();
    await expect(userPage.getByRole('heading', { name: connectTo(app.name) })).toBeVisible();
    await userPage.getByRole('button', { name: SIGN_IN_TEXTS.continueNow }).click();

    // The sample client exchanged the code server-side with the secret shown once.
    await expect(userPage).toHaveURL(new RegExp(`^${sampleClient.url}/callback\\?`));
    await expect(userPage.getByRole('heading', { level: 1, name: 'Signed in' })).toBeVisible();
    await expect(userPage.locator('[data-field="username"]')).toHaveText(user.username);
    await expect(userPage.locator('[data-field="email"]')).toHaveText(user.email);
    await expect(userPage.locator('[data-field="dis"]')).toHaveText(user.displayName);
    await expect(userPage.locator('[data-field="company-id"]')).toHaveText(company.id);
    await expect(userPage.getByRole('list', { name: 'Roles' })).toHaveText(role.id);
    await userPage.context().close();
  } finally {
    await sampleClient.close();
  }
});

function newcomer(prefix: string, displayName: string): Newcomer & { email: string } {
  return {
    email: uniqueEmail(`journey-${prefix}`),
    displayName,
    phone: '+1 555 010 2000',
    username: uniqueId(prefix).slice(0, 20),
    password: uniquePassword(),
  };
}

/**
 * Adds the application on the Developer screen, releases it, adds the role and a Web client
 * returning to `redirect`; answers the client id and the secret the screen shows once.
 */
async function registerApplication(
  page: Page,
  app: { id: string; name: string },
  role: { id: string; name: string },
  redirect: string,
): Promise<{ clientId: string; clientSecret: string }> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Developer' })
    .click();
  await page.getByRole('button', { name: DEV_LABELS.addApp }).click();
  const addApp = page.getByRole('dialog', { name: DEV_LABELS.addApp });
  await addApp.getByLabel(DEV_LABELS.id).fill(app.id);
  await addApp.getByLabel(DEV_LABELS.name).fill(app.name);
  await addApp.getByLabel(DEV_LABELS.desc).fill('Ledger for the branches');
  await addApp.getByRole('button', { name: DEV_LABELS.add }).click();
  await expect(page.getByText(ADMIN_TOASTS.added).first()).toBeVisible();

  await page.getByRole('button', { name: DEV_LABELS.open(app.name) }).click();
  const details = page.getByRole('form', { name: new RegExp(app.name) });
  await details.getByRole('button', { name: EDITOR_LABELS.edit }).click();
  await details.getByLabel(DEV_LABELS.status).selectOption({ label: APP_STATUSES[3] });
  await details.getByRole('button', { name: EDITOR_LABELS.apply }).click();
  await expect(page.getByText(ADMIN_TOASTS.updated(app.name))).toBeVisible();

  await page.getByRole('button', { name: DEV_LABELS.roles, exact: true }).click();
  const roles = page.getByRole('dialog', { name: DEV_LABELS.rolesOf(app.name) });
  await roles.getByLabel(DEV_LABELS.id).fill(role.id);
  await roles.getByLabel(DEV_LABELS.name).fill(role.name);
  await roles.getByRole('button', { name: DEV_LABELS.addRole }).click();
  await expect(roles.getByRole('cell', { name: role.id, exact: true })).toBeVisible();
  await roles.getByRole('button', { name: DEV_LABELS.close }).first().click();

  await page.getByRole('button', { name: DEV_LABELS.addClient }).click();
  const newClient = page.getByRole('form', { name: DEV_LABELS.newClient });
  await newClient.getByLabel(DEV_LABELS.name).fill(`${app.name} web`);
  await newClient.getByLabel(DEV_LABELS.redirect).fill(redirect);
  await newClient.getByRole('button', { name: EDITOR_LABELS.create }).click();
  await expect(page.getByText(DEV_MESSAGES.secretShownOnce)).toBeVisible();
  const clientSecret = await page.getByLabel(DEV_LABELS.newSecret).inputValue();
  const clientId = await page
    .locator('dt', { hasText: DEV_LABELS.clientId })
    .locator('xpath=following-sibling::dd[1]')
    .innerText();
  return { clientId: clientId.trim(), clientSecret };
}

/** The Users screen's Invite dialog: one app, one role switch. */
async function inviteUser(page: Page, email: string, appId: string, roleName: string) {
  const T = USERS_SCREEN_TEXTS;
  await page.getByRole('button', { name: T.inviteButton, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: T.inviteTitle });
  await dialog.getByLabel(T.emailLabel).fill(email);
  await dialog.getByLabel(T.appLabel).selectOption(appId);
  await dialog.getByLabel(roleName).check();
  await dialog.getByRole('button', { name: T.inviteButton, exact: true }).click();
  await expect(page.getByText(USERS_MESSAGES.inviteSent(email))).toBeVisible();
}

/** The `index`-th invitation mailed to `email` (0: the first; to a user or to own a company). */
async function invitationLink(mail: MailBox, email: string, index: number): Promise<URL> {
  const message = await mail.waitForMail(email, {
    after: index,
    subject: /invited you|invited to own/,
  });
  return linkIn(message.text, '/invite');
}

/** A browser of its own (its own cookies and device) from a client address of its own. */
async function newBrowserPage(browser: Browser, clientIps: ClientIps): Promise<Page> {
  const context = await browser.newContext({
    baseURL: API_ORIGIN,
    extraHTTPHeaders: { 'x-forwarded-for': clientIps.next() },
  });
  return context.newPage();
}
