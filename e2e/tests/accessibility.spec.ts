import type { Page } from '@playwright/test';
import {
  COMPANIES_TEXTS,
  DEV_LABELS,
  FORGOT_LABELS,
  INVITE_LABELS,
  PLATFORM_COMPANY_ID,
  PROFILE_TEXTS,
  REGISTER_LABELS,
  SIGN_IN_TEXTS,
  USERS_SCREEN_TEXTS,
  WHITELIST_TEXTS,
  calls,
} from '@portico/contracts';
import {
  dialogShown,
  expectDialogTrapsFocus,
  expectNoAxeViolations,
  walkWithTab,
} from '../support/a11y.js';
import { appWithRole, inviteLink, pathOf } from '../support/account-flows.js';
import type { AdminApi } from '../support/admin.js';
import { banAddress, signInBrowser } from '../support/admin-browser.js';
import type { ClientIps } from '../support/client-ip.js';
import { expect, test } from '../support/fixtures.js';
import { uniqueEmail } from '../support/names.js';
import { VIEWPORTS, screenshotBothWidths } from '../support/screenshots.js';
import { ADMIN, ADMIN_DEVICE } from '../support/stack.js';

const ADMIN_ACCOUNT = { login: ADMIN.username, password: ADMIN.password, email: ADMIN.email };

/** Every console screen and the name of its level-1 heading. */
const CONSOLE_SCREENS = [
  { path: '/manage/me', heading: 'Profile' },
  { path: '/manage/company', heading: 'Company' },
  { path: '/manage/users', heading: 'Users' },
  { path: '/manage/subs', heading: 'Subscriptions' },
  { path: '/manage/dev', heading: 'Developer' },
  { path: '/manage/admin/companies', heading: 'Companies' },
  { path: '/manage/admin/ip-whitelist', heading: 'IP Whitelist' },
  { path: '/manage/admin/ip-banned', heading: 'Banned IPs' },
] as const;

/** The main dialog of a screen: the button that opens it and the dialog's name. */
const DIALOGS = [
  { path: '/manage/me', opener: PROFILE_TEXTS.addPasskey, dialog: PROFILE_TEXTS.passwordTitle },
  {
    path: '/manage/users',
    opener: USERS_SCREEN_TEXTS.inviteButton,
    dialog: USERS_SCREEN_TEXTS.inviteTitle,
  },
  { path: '/manage/dev', opener: DEV_LABELS.addApp, dialog: DEV_LABELS.addApp },
  {
    path: '/manage/admin/companies',
    opener: COMPANIES_TEXTS.addCompany,
    dialog: COMPANIES_TEXTS.addCompany,
  },
  {
    path: '/manage/admin/ip-whitelist',
    opener: WHITELIST_TEXTS.addIp,
    dialog: WHITELIST_TEXTS.addIp,
  },
] as const;

/** Views one step further than a screen's first look, checked after it: opened details. */
const DEEPER: Record<string, { name: string; open: (page: Page) => Promise<void> }> = {
  '/manage/users': {
    name: "a user's card opened",
    open: async (page) => {
      await page.locator('.accordion-button').first().click();
      await expect(page.locator('.accordion-collapse.show')).toBeVisible();
    },
  },
  '/manage/dev': {
    name: "an application's details",
    open: async (page) => {
      await page
        .getByRole('main')
        .getByRole('button', { name: /^Open / })
        .first()
        .click();
      await expect(page.getByRole('navigation', { name: 'Page trail' })).toBeVisible();
      await expect(page.locator('.spinner-border')).toHaveCount(0);
    },
  },
  '/manage/admin/companies': {
    name: "a company's branches dialog",
    open: async (page) => {
      await page.getByRole('button', { name: COMPANIES_TEXTS.branches }).first().click();
      await expect(page.getByRole('dialog')).toHaveCSS('opacity', '1');
      await expect(page.locator('.spinner-border')).toHaveCount(0);
    },
  },
};

/**
 * Something in every list the console shows, so rows, badges and their buttons are checked
 * too: an application with a role, a company, a pending invitation into the platform company,
 * a whitelisted address and a banned one.
 */
async function fillTheLists(adminApi: AdminApi, clientIps: ClientIps): Promise<void> {
  const { grant } = await appWithRole(adminApi);
  await adminApi.createCompany();
  await adminApi.invite(uniqueEmail('a11y-invitee'), [grant]);
  const octet = () => Math.floor(Math.random() * 250) + 1;
  await adminApi.call(calls.ipLists.addWhitelist, {
    ip: `198.18.${octet()}.${octet()}`,
    description: 'Accessibility check gateway',
  });
  expect(await banAddress(clientIps.next())).toBe('rate_limit_exceeded');
}

/** Opens a console screen and waits until it has loaded (its heading, no spinner left). */
async function openScreen(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('.spinner-border')).toHaveCount(0);
}

for (const [width, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`at ${width} width (${viewport.width} px)`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 180_000 });

    test('every console screen and its main dialog passes axe (WCAG 2.1 A and AA, best practices)', async ({
      page,
      mail,
      adminApi,
      clientIps,
    }) => {
      await fillTheLists(adminApi, clientIps);
      await signInBrowser(page, mail, ADMIN_ACCOUNT, PLATFORM_COMPANY_ID, ADMIN_DEVICE);

      for (const screen of CONSOLE_SCREENS) {
        await openScreen(page, screen.path, screen.heading);
        await expectNoAxeViolations(page, screen.path);

        const main = DIALOGS.find((dialog) => dialog.path === screen.path);
        if (main) {
          await page.getByRole('button', { name: main.opener, exact: true }).click();
          await dialogShown(page, main.dialog);
          await expectNoAxeViolations(page, `${screen.path}, dialog "${main.dialog}"`);
          await page.keyboard.press('Escape');
          await expect(page.getByRole('dialog')).toHaveCount(0);
        }

        const deeper = DEEPER[screen.path];
        if (deeper) {
          await deeper.open(page);
          await expectNoAxeViolations(page, `${screen.path}, ${deeper.name}`);
        }
      }

      if (viewport === VIEWPORTS.phone) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await dialogShown(page, 'Portico');
        await expectNoAxeViolations(page, 'the side menu opened on a phone');
      }
    });

    test('the public screens pass axe (WCAG 2.1 A and AA, best practices)', async ({
      page,
      mail,
      adminApi,
    }) => {
      // Login: empty, then with the message of a refused sign-in.
      await page.goto('/sso');
      await expect(page.getByLabel('Username')).toBeVisible();
      await expectNoAxeViolations(page, '/sso');
      await page.getByLabel('Username').fill('a11y_nobody');
      await page.getByLabel('Password').fill('Wrong-Password-1');
      await page.getByRole('button', { name: SIGN_IN_TEXTS.login }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await expectNoAxeViolations(page, '/sso with a refused sign-in');

      // The device step of a browser the administrator has not used yet.
      const mailsBefore = await mail.count(ADMIN.email);
      await page.getByLabel('Username').fill(ADMIN.username);
      await page.getByLabel('Password').fill(ADMIN.password);
      await page.getByRole('button', { name: SIGN_IN_TEXTS.login }).click();
      await expect(page.getByLabel(SIGN_IN_TEXTS.deviceCodeLabel)).toBeVisible();
      await mail.waitForCode(ADMIN.email, {
        after: mailsBefore,
        subject: 'device verification code',
      });
      await expectNoAxeViolations(page, '/sso, device step');

      await page.goto('/forgot');
      await expect(page.getByLabel(FORGOT_LABELS.field)).toBeVisible();
      await expectNoAxeViolations(page, '/forgot');

      await page.goto('/reg');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page, '/reg without an invitation');

      // An invitation for a newcomer: the offer, then the registration form.
      const { grant } = await appWithRole(adminApi);
      const link = await inviteLink(adminApi, mail, uniqueEmail('a11y-newcomer'), grant);
      await page.goto(pathOf(link));
      await expect(page.getByRole('button', { name: INVITE_LABELS.accept })).toBeVisible();
      await expectNoAxeViolations(page, '/invite');
      await page.getByRole('button', { name: INVITE_LABELS.accept }).click();
      await expect(page).toHaveURL(/\/reg\?/);
      await expect(page.getByLabel('Display Name')).toBeVisible();
      await expectNoAxeViolations(page, '/reg with an invitation');
      await page.getByRole('button', { name: REGISTER_LABELS.submit }).click();
      await expect(page.locator('.invalid-feedback').first()).toBeVisible();
      await expectNoAxeViolations(page, '/reg with its field messages');
    });

    test('Tab reaches every control of every screen with a visible focus', async ({
      page,
      mail,
      adminApi,
      clientIps,
    }) => {
      // The public screens first, while the browser has no session (/sso would sign it in).
      for (const path of ['/sso', '/forgot']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await walkWithTab(page, path);
      }

      await fillTheLists(adminApi, clientIps);
      await signInBrowser(page, mail, ADMIN_ACCOUNT, PLATFORM_COMPANY_ID, ADMIN_DEVICE);
      for (const screen of CONSOLE_SCREENS) {
        await openScreen(page, screen.path, screen.heading);
        const stops = await walkWithTab(page, screen.path);
        // The walk starts at the skip link and goes through the screen's own controls.
        expect(stops[0]?.label).toContain('Skip to content');
      }

      if (viewport === VIEWPORTS.desktop) {
        // By eye: the ring on the account menu (skip link, brand, menu), the avatar's letters.
        await openScreen(page, '/manage/me', 'Profile');
        for (let step = 0; step < 3; step += 1) await page.keyboard.press('Tab');
        await expect(page.getByRole('button', { name: /^Account menu of/ })).toBeFocused();
        await screenshotBothWidths(page, 'a11y-focus-account-menu', { fullPage: false });
      }
    });

    test('dialogs keep the focus inside, and Escape gives it back to the opener', async ({
      page,
      mail,
    }) => {
      await signInBrowser(page, mail, ADMIN_ACCOUNT, PLATFORM_COMPANY_ID, ADMIN_DEVICE);
      for (const dialog of DIALOGS) {
        const screen = CONSOLE_SCREENS.find((each) => each.path === dialog.path);
        await openScreen(page, dialog.path, screen?.heading ?? '');
        const opener = page.getByRole('button', { name: dialog.opener, exact: true });
        await expectDialogTrapsFocus(page, opener, dialog.dialog);
      }

      if (viewport === VIEWPORTS.desktop) {
        // By eye: a field's ring in a dialog (Tab: the close button, then the first field).
        await page.getByRole('button', { name: WHITELIST_TEXTS.addIp }).press('Enter');
        const addIp = await dialogShown(page, WHITELIST_TEXTS.addIp);
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        await expect(addIp.getByLabel(WHITELIST_TEXTS.ip)).toBeFocused();
        await screenshotBothWidths(page, 'a11y-focus-dialog-field', { fullPage: false });
        await page.keyboard.press('Escape');
        await expect(addIp).toBeHidden();
      }

      if (viewport === VIEWPORTS.phone) {
        await expectDialogTrapsFocus(
          page,
          page.getByRole('button', { name: 'Open menu' }),
          'Portico',
        );
      }
    });
  });
}
