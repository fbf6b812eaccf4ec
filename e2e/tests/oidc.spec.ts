import { completeSsoInBrowser } from '../support/account-flows.js';
import { expect, test } from '../support/fixtures.js';
import { startOidcSampleClient } from '../support/sample-client.js';

/**
 * OpenID Connect end to end (docs/oidc.md): the sample client in its OIDC mode (openid-client
 * inside) sends a person to Portico; the portal's journey runs (password, new-device code by
 * mail, company choice, "Connect to"); the application shows the ID token's and userinfo's
 * claims; signing out of the portal reaches the application by back-channel logout.
 */
test('a person signs in to an OIDC application through the portal, and out by back-channel logout', async ({
  adminApi,
  createMember,
  mail,
  page,
}) => {
  const rp = await startOidcSampleClient(adminApi);
  try {
    const member = await createMember({ roles: [{ app: rp.appId, roles: [rp.role.id] }] });

    await page.goto(rp.url);
    await page.getByRole('link', { name: 'Sign in with Portico' }).click();
    // The provider handed the browser to the portal's own sign-in.
    await expect(page).toHaveURL(/\/sso\?client=.*&redir=%2Foidc%2Finteraction%2F/);

    await completeSsoInBrowser(
      page,
      mail,
      { login: member.username, password: member.password, email: member.email },
      { app: rp.appName },
    );

    await expect(page).toHaveURL(new RegExp(`^${rp.url}/callback\\?`));
    await expect(page.getByRole('heading', { level: 1, name: 'Signed in' })).toBeVisible();
    await expect(page.locator('[data-field="username"]')).toHaveText(member.username);
    await expect(page.locator('[data-field="email"]')).toHaveText(member.email);
    await expect(page.locator('[data-field="company-id"]')).toHaveText('core1');
    await expect(page.getByRole('list', { name: 'Roles' })).toHaveText(rp.role.id);
    await page.goto(rp.url);
    await expect(page.getByRole('heading', { level: 1, name: 'Signed in' })).toBeVisible();

    // Into the console without a password (SSO), then out of the portal.
    await page.goto('/');
    await page.getByRole('button', { name: /^Account menu of/ }).click({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sso/);

    // The application's session ended by back-channel logout (delivered by the job queue).
    await expect
      .poll(
        async () => {
          await page.goto(rp.url);
          return page.getByRole('link', { name: 'Sign in with Portico' }).isVisible();
        },
        { timeout: 15_000 },
      )
      .toBe(true);
  } finally {
    await rp.close();
  }
});
