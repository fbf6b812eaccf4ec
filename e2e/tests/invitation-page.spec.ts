import type { Locator } from '@playwright/test';
import { INVITE_LABELS, INVITE_MESSAGES, PRODUCT_NAME } from '@portico/contracts';
import { appWithRole, inviteLink, pathOf } from '../support/account-flows.js';
import { expectNoAxeViolations } from '../support/a11y.js';
import { expect, test } from '../support/fixtures.js';
import { uniqueEmail } from '../support/names.js';
import { VIEWPORTS, screenshotBothWidths } from '../support/screenshots.js';

/** The invitation page as a person sees it: the product's logo, words, and a way on. */

const logo = `${PRODUCT_NAME} logo`;

/** WCAG's contrast ratio of a colour against the white card, read as the browser draws it. */
async function contrastOnWhite(control: Locator, property: 'color' | 'borderColor') {
  return control.evaluate((element, which) => {
    const colour = getComputedStyle(element)[which];
    const channels = colour.match(/[\d.]+/g)?.map(Number) ?? [];
    const [r = 0, g = 0, b = 0] = channels;
    const linear = (value: number) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    const luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    return 1.05 / (luminance + 0.05);
  }, property);
}

test('an unknown invitation says so in words, with the logo and the Login button', async ({
  page,
}) => {
  const query = new URLSearchParams({ code: 'made-up-code', email: uniqueEmail('nobody') });
  await page.goto(`/invite?${query.toString()}`);
  await expect(
    page.getByRole('heading', { level: 1, name: INVITE_MESSAGES.notFoundTitle }),
  ).toBeVisible();
  await expect(page.getByText(INVITE_MESSAGES.notFoundText)).toBeVisible();
  // The server's code is no word for a person.
  await expect(page.locator('main')).not.toContainText('not_found');
  await expect(page.getByRole('img', { name: logo })).toBeVisible();
  await screenshotBothWidths(page, 'invite-unknown');
  for (const viewport of Object.values(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page, `unknown invitation at ${viewport.width}px`);
  }
  await page.getByRole('button', { name: INVITE_LABELS.login }).click();
  await expect(page).toHaveURL(/\/sso/);
});

test('an invitation shows the logo, and Decline reads as a button that works', async ({
  adminApi,
  mail,
  page,
}) => {
  const { grant } = await appWithRole(adminApi);
  const link = await inviteLink(adminApi, mail, uniqueEmail('offer-look'), grant);
  await page.goto(pathOf(link));
  const decline = page.getByRole('button', { name: INVITE_LABELS.decline });
  await expect(decline).toBeEnabled();
  await expect(page.getByRole('img', { name: logo })).toBeVisible();
  // Not the faint grey of a disabled control: its text and edge stand out clearly (AAA for
  // the text, beyond the 3:1 of a control's edge).
  expect(await contrastOnWhite(decline, 'color')).toBeGreaterThanOrEqual(7);
  expect(await contrastOnWhite(decline, 'borderColor')).toBeGreaterThanOrEqual(4.5);
  await screenshotBothWidths(page, 'invite-offer-look');
  for (const viewport of Object.values(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page, `invitation offer at ${viewport.width}px`);
  }
});
