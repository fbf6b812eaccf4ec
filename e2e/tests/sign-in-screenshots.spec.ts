import path from 'node:path';
import { SIGN_IN_TEXTS, connectTo, gatePage } from '@portico/contracts';
import { expect, test } from '../support/fixtures.js';
import { SCREENSHOTS, VIEWPORTS } from '../support/screenshots.js';
import {
  memberOfTwoCompanies,
  registerJourneyClient,
  submitCredentials,
} from '../support/signin-helpers.js';

for (const [width, viewport] of Object.entries(VIEWPORTS)) {
  test(`screenshots of the sign-in steps at ${width} width`, async ({
    adminApi,
    api,
    createMember,
    mail,
    page,
    context,
  }) => {
    const shoot = async (name: string) => {
      // A step's card is new: its logo is decoded again, so wait for every image to be drawn.
      await page.waitForFunction(() =>
        Array.from(document.images).every((image) => image.complete && image.naturalWidth > 0),
      );
      await page.screenshot({
        path: path.join(SCREENSHOTS, `${name}-${width}.png`),
        fullPage: true,
      });
    };
    await page.setViewportSize(viewport);
    const client = await registerJourneyClient(adminApi);
    const { member } = await memberOfTwoCompanies({ adminApi, api, mail, createMember }, [
      { app: client.appId, roles: [client.role.id] },
    ]);

    await page.goto(client.ssoPath);
    await page.getByLabel('Username').fill(member.username);
    await shoot('signin-login');

    const mailsBefore = await mail.count(member.email);
    await submitCredentials(page, member.username, member.password);
    await expect(page.getByLabel(SIGN_IN_TEXTS.deviceCodeLabel)).toBeVisible();
    await shoot('signin-device');

    const code = await mail.waitForCode(member.email, {
      after: mailsBefore,
      subject: 'device verification code',
    });
    await page.getByLabel(SIGN_IN_TEXTS.deviceCodeLabel).fill(code);
    await page.getByRole('button', { name: SIGN_IN_TEXTS.deviceVerify }).click();
    await expect(page.getByLabel(SIGN_IN_TEXTS.companyLabel)).toBeVisible({ timeout: 10_000 });
    await shoot('signin-company');

    await page.getByRole('button', { name: SIGN_IN_TEXTS.continue }).click();
    await expect(page.getByRole('heading', { name: connectTo(client.appName) })).toBeVisible();
    await shoot('signin-landing');
    await page.getByRole('button', { name: SIGN_IN_TEXTS.deny }).click();

    // A gate page with its Continue: a Disabled application, from a signed-out browser.
    const disabled = await registerJourneyClient(adminApi, { status: 'disabled' });
    await context.clearCookies();
    await page.goto(disabled.ssoPath);
    await submitCredentials(page, member.username, member.password);
    const { title } = gatePage('app_disabled', disabled.appName);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await shoot('signin-gate');
  });
}
