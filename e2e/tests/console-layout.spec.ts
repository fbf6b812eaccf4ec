import type { Locator, Page } from '@playwright/test';
import {
  ADMIN_TOASTS,
  BANNED_TEXTS,
  COMPANIES_TEXTS,
  CONSOLE_LABELS,
  OWNER_ACTIONS,
  PLATFORM_COMPANY_ID,
  WHITELIST_TEXTS,
  calls,
} from '@portico/contracts';
import { banAddress, signInBrowser } from '../support/admin-browser.js';
import { expectNoAxeViolations } from '../support/a11y.js';
import { expect, test } from '../support/fixtures.js';
import { uniqueSuffix } from '../support/names.js';
import { VIEWPORTS, screenshotBothWidths } from '../support/screenshots.js';
import { ADMIN, ADMIN_DEVICE } from '../support/stack.js';
import { expectUncovered } from '../support/users-helpers.js';

/** Where the administration console's controls are, at a desk and on a phone. */

const ADMIN_ACCOUNT = { login: ADMIN.username, password: ADMIN.password, email: ADMIN.email };

function someIp(): string {
  return `198.19.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
}

/**
 * Each control lies inside the screen's width as the page is (nothing scrolled sideways to
 * reach it), and the page itself does not scroll sideways.
 */
async function expectWithinWidth(page: Page, controls: Locator): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await expect(controls.first()).toBeVisible();
  const all = await controls.all();
  expect(all.length).toBeGreaterThan(0);
  for (const control of all) {
    await expect(control).toBeVisible();
    const box = await control.boundingBox();
    const name = (await control.textContent()) ?? '';
    expect(box, name).not.toBeNull();
    expect(box?.x ?? -1, `${name} starts off the screen`).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0), `${name} ends off the screen`).toBeLessThanOrEqual(
      width,
    );
  }
  const sideways = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(sideways.scroll).toBeLessThanOrEqual(sideways.client);
}

test('on a phone the admin lists show every row’s actions without scrolling sideways', async ({
  page,
  mail,
  adminApi,
  clientIps,
}) => {
  test.setTimeout(120_000);
  const company = await adminApi.createCompany({
    name: `Phone Layout Savings and Loan ${uniqueSuffix()}`,
  });
  const listed = someIp();
  await adminApi.call(calls.ipLists.addWhitelist, {
    ip: listed,
    description: 'A branch office gateway with a long description',
  });
  const abuser = clientIps.next();
  expect(await banAddress(abuser)).toBe('rate_limit_exceeded');
  await signInBrowser(page, mail, ADMIN_ACCOUNT, PLATFORM_COMPANY_ID, ADMIN_DEVICE);
  await page.setViewportSize(VIEWPORTS.phone);

  await page.goto('/manage/admin/companies');
  const companyRow = page.getByRole('row').filter({ hasText: company.name });
  await expectWithinWidth(
    page,
    companyRow.getByRole('button', {
      name: new RegExp(
        `^(${OWNER_ACTIONS.invite}|${COMPANIES_TEXTS.branches}|${CONSOLE_LABELS.remove}) `,
      ),
    }),
  );
  await expect(companyRow.getByText(company.id)).toBeVisible();
  await screenshotBothWidths(page, 'layout-admin-companies', { fullPage: false });
  await page.setViewportSize(VIEWPORTS.phone);
  await expectNoAxeViolations(page, 'companies on a phone');

  await page.goto('/manage/admin/ip-whitelist');
  const listedRow = page.getByRole('row').filter({ hasText: listed });
  await expectWithinWidth(page, listedRow.getByRole('button', { name: CONSOLE_LABELS.remove }));
  await expect(listedRow.getByText(ADMIN.username)).toBeVisible();
  await screenshotBothWidths(page, 'layout-admin-whitelist');
  await page.setViewportSize(VIEWPORTS.phone);
  await expectNoAxeViolations(page, 'whitelist on a phone');

  await page.goto('/manage/admin/ip-banned');
  const bannedRow = page.getByRole('row').filter({ hasText: abuser });
  await expectWithinWidth(page, bannedRow.getByRole('button', { name: BANNED_TEXTS.unban }));
  await screenshotBothWidths(page, 'layout-admin-banned');
  await page.setViewportSize(VIEWPORTS.phone);
  await expectNoAxeViolations(page, 'banned IPs on a phone');

  // At a desk they are tables, read as tables.
  await page.setViewportSize(VIEWPORTS.desktop);
  await expect(page.getByRole('columnheader', { name: BANNED_TEXTS.reason })).toBeVisible();
  await expect(bannedRow.getByRole('cell', { name: abuser, exact: true })).toBeVisible();
});

test('a toast showing covers none of the page’s buttons at a desk', async ({ page, mail }) => {
  await signInBrowser(page, mail, ADMIN_ACCOUNT, PLATFORM_COMPANY_ID, ADMIN_DEVICE);
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/manage/admin/ip-whitelist');
  const addIp = page.getByRole('button', { name: WHITELIST_TEXTS.addIp });
  await addIp.click();
  const dialog = page.getByRole('dialog', { name: WHITELIST_TEXTS.addIp });
  await dialog.getByLabel(WHITELIST_TEXTS.ip).fill(someIp());
  await dialog.getByRole('button', { name: WHITELIST_TEXTS.add }).click();
  await expect(dialog).toBeHidden();
  const toast = page.locator('.toast.show').filter({ hasText: ADMIN_TOASTS.added });
  await expect(toast).toBeVisible();

  // The button at the top right is reached by a real click while the toast shows.
  await expectUncovered(addIp);
  await addIp.click({ timeout: 2000 });
  await expect(dialog).toBeVisible();
  await expect(toast).toBeVisible();
});
