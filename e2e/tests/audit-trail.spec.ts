import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { AUDIT_TEXTS as T, PLATFORM_COMPANY_ID, calls, type AuditEvent } from '@portico/contracts';
import { expectKeyboardReach, expectNoAxeViolations } from '../support/a11y.js';
import { signInBrowser } from '../support/admin-browser.js';
import { expect, test } from '../support/fixtures.js';
import { createOwner } from '../support/members.js';
import { uniqueId, uniqueSuffix } from '../support/names.js';
import { VIEWPORTS, screenshotBothWidths } from '../support/screenshots.js';
import { ADMIN, ADMIN_DEVICE } from '../support/stack.js';
import { signInPage } from '../support/users-helpers.js';

/**
 * The audit trail screen: a company owner reads their company's events only, a platform
 * administrator every company's; filters, details behind a disclosure button, exports, axe at
 * both widths (rows become cards on a phone) and the keyboard.
 */
test.describe.configure({ timeout: 150_000 });

const LABEL = 'Audit trail';

async function openFromMenu(page: Page) {
  await page.goto('/manage/me');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: LABEL }).click();
  await expect(page.getByRole('heading', { level: 1, name: LABEL })).toBeVisible();
}

async function applyFilter(page: Page, fields: Partial<Record<'actor' | 'action', string>>) {
  await page.getByRole('button', { name: T.clear }).click();
  if (fields.actor) await page.getByLabel(T.actor, { exact: true }).fill(fields.actor);
  if (fields.action) await page.getByLabel(T.action, { exact: true }).fill(fields.action);
  await page.getByRole('button', { name: T.apply }).click();
}

const eventRows = (page: Page) => page.locator('tr.audit-row');
const disclosures = (page: Page) => page.getByRole('button', { name: /^Details of / });

/** axe at the desktop and the phone width, the first event's details open. */
async function axeBothWidths(page: Page, where: string) {
  for (const [name, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await expect(eventRows(page).first()).toBeVisible();
    await expectNoAxeViolations(page, `${where} (${name})`);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') };
}

async function expectDisclosure(button: Locator) {
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.focus();
  await button.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const details = button.page().locator(`#${await button.getAttribute('aria-controls')}`);
  await expect(details).toBeVisible();
  return details;
}

test("a company owner reads, filters and exports their company's trail only", async ({
  adminApi,
  api,
  mail,
  page,
}) => {
  const com = (await adminApi.createCompany()).id;
  const owner = await createOwner(adminApi, api, mail, com);
  const ownerApi = await signInPage(page, mail, owner, com);
  const branch = { branchid: uniqueId('br'), name: `Audit branch ${uniqueSuffix()}` };
  await ownerApi.call(calls.branches.add, { ...branch, com });
  // Another company's change, by the platform administrator: never on this owner's screen.
  const other = await adminApi.createCompany({ name: `Elsewhere ${uniqueSuffix()}` });

  await openFromMenu(page);
  await expect(page.getByText(T.intro)).toBeVisible();
  await expect(page.getByRole('columnheader', { name: T.company })).toHaveCount(0);
  const added = eventRows(page).filter({ hasText: 'branch.add' });
  await expect(added).toHaveCount(1);
  await expect(added.getByText(owner.email)).toBeVisible();
  await expect(page.locator('main')).not.toContainText(other.name);

  // The filter, then the event's details behind its disclosure button, by keyboard.
  await applyFilter(page, { action: 'branch.add' });
  await expect(eventRows(page)).toHaveCount(1);
  const details = await expectDisclosure(disclosures(page).first());
  await expect(details.getByText(branch.name)).toBeVisible();
  await screenshotBothWidths(page, 'audit-trail-owner');
  await axeBothWidths(page, 'audit trail, company owner');

  // Every control of the screen is reached by Tab, named, with a visible ring.
  const main = page.getByRole('main');
  await main.focus();
  await expectKeyboardReach(page, main, [
    T.from,
    T.actor,
    T.apply,
    T.clear,
    T.exportCsv,
    T.exportJsonl,
    `Details of branch.add at ${await eventRows(page).first().locator('time').innerText()}`,
  ]);

  // The CSV holds the filtered events, this company's only.
  const csv = await download(page, T.exportCsv);
  expect(csv.name).toMatch(/^portico-audit-.+\.csv$/);
  const lines = csv.text.trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'id,time,action,actor_id,actor_email,actor_name,target,target_email,company_id,company_name,client,ip,details',
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(branch.name);
  expect(csv.text).not.toContain(other.id);
});

test("a platform administrator reads every company's events and exports JSON lines", async ({
  adminApi,
  api,
  mail,
  page,
}) => {
  const com = await adminApi.createCompany({ name: `Audited ${uniqueSuffix()}` });
  const owner = await createOwner(adminApi, api, mail, com.id);
  const ownerApi = await signInPage(page, mail, owner, com.id);
  await ownerApi.call(calls.branches.add, {
    branchid: uniqueId('br'),
    name: `North ${uniqueSuffix()}`,
    com: com.id,
  });
  await page.context().clearCookies();
  await signInBrowser(
    page,
    mail,
    { login: ADMIN.username, password: ADMIN.password, email: ADMIN.email },
    PLATFORM_COMPANY_ID,
    ADMIN_DEVICE,
  );

  await openFromMenu(page);
  await expect(page.getByText(T.introPlatform)).toBeVisible();
  await expect(page.getByRole('columnheader', { name: T.company })).toBeVisible();

  // Another company's event, by its owner's e-mail: the platform administrator sees it.
  await applyFilter(page, { actor: owner.email, action: 'branch.add' });
  await expect(eventRows(page)).toHaveCount(1);
  await expect(eventRows(page).first()).toContainText(com.name);
  await expectDisclosure(disclosures(page).first());

  // On a phone each event is a card: its cells stack and name their column.
  await page.setViewportSize(VIEWPORTS.phone);
  await expect(eventRows(page).first()).toHaveCSS('display', 'block');
  await expect(page.locator('.audit-table thead')).toHaveCSS('position', 'absolute');
  await page.setViewportSize(VIEWPORTS.desktop);
  await axeBothWidths(page, 'audit trail, platform administrator');
  await screenshotBothWidths(page, 'audit-trail-platform');

  const jsonl = await download(page, T.exportJsonl);
  expect(jsonl.name).toMatch(/^portico-audit-.+\.jsonl$/);
  const events = jsonl.text
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as AuditEvent);
  expect(events).toHaveLength(1);
  expect(events[0]).toMatchObject({
    action: 'branch.add',
    actor: { email: owner.email },
    company: { id: com.id, name: com.name },
  });

  // Cleared, the filter gives every company's events again.
  await applyFilter(page, {});
  await expect(eventRows(page).filter({ hasText: 'company.add' }).first()).toBeVisible();
});
