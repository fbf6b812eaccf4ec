import path from 'node:path';
import { expect, test } from '@playwright/test';
import { LOGIN_TITLE, PORTAL_CLIENT_ID } from '@portico/contracts';
import { SCREENSHOTS, VIEWPORTS } from '../support/screenshots.js';

test('the login screen shows its title, fields and logo', async ({ page }) => {
  await page.goto('/sso');
  await expect(page.getByRole('heading', { level: 1, name: LOGIN_TITLE })).toBeVisible();
  await expect(page).toHaveTitle(LOGIN_TITLE);
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page.getByLabel('Password')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login' })).toBeDisabled();
  await expect(page.getByRole('img', { name: /logo$/ })).toBeVisible();
});

test('a visit without a session ends on the login of the portal', async ({ page }) => {
  await page.goto('/manage/me');
  await expect(page.getByRole('heading', { level: 1, name: LOGIN_TITLE })).toBeVisible();
  await expect(page).toHaveURL(`/sso?client=${PORTAL_CLIENT_ID}`);
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`screenshot of /sso at ${name} width`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/sso');
    await expect(page.getByRole('heading', { level: 1, name: LOGIN_TITLE })).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOTS, `sso-${name}.png`), fullPage: true });
  });
}
