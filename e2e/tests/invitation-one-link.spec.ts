import { SIGN_IN_TEXTS, connectTo } from '@portico/contracts';
import { expectNoAxeViolations } from '../support/a11y.js';
import { expect, test } from '../support/fixtures.js';
import { linksIn } from '../support/mail.js';
import { registerFromInvitation } from '../support/members.js';
import { uniqueEmail } from '../support/names.js';
import { registerJourneyClient, submitCredentials } from '../support/signin-helpers.js';

/**
 * Issue 17, "one invitation, one acceptance": a person invited to three applications of one
 * company gets one message with one link; its page names all three; registering through it
 * accepts all three, so each application signs the person in (no "Access Not Verified").
 */
test('an invitation to three applications is one link, and registering accepts all three', async ({
  adminApi,
  api,
  mail,
  page,
}) => {
  test.setTimeout(120_000);
  const clients = [
    await registerJourneyClient(adminApi),
    await registerJourneyClient(adminApi),
    await registerJourneyClient(adminApi),
  ];
  const email = uniqueEmail('three');
  const before = await mail.count(email);
  await adminApi.invite(
    email,
    clients.map((client) => ({ app: client.appId, roles: [client.role.id] })),
  );

  const invitation = await mail.waitForMail(email, { after: before, subject: /invited you/ });
  const links = linksIn(invitation.text, '/invite');
  expect(links).toHaveLength(1);
  for (const client of clients) expect(invitation.text).toContain(client.appName);

  // The page the link opens names every application the acceptance includes.
  const [link] = links as [URL];
  await page.goto(`${link.pathname}${link.search}`);
  for (const client of clients) {
    await expect(page.getByText(new RegExp(`to ${client.appName}$`))).toBeVisible();
  }
  await expectNoAxeViolations(page, 'an invitation to three applications');

  const member = await registerFromInvitation(api, mail, { email }, before);
  // Each application lets the person in: the first with the device code, the others by SSO.
  await page.goto(clients[0]!.ssoPath);
  const mailsBefore = await mail.count(member.email);
  await submitCredentials(page, member.username, member.password);
  const code = await mail.waitForCode(member.email, {
    after: mailsBefore,
    subject: 'device verification code',
  });
  await page.getByLabel(SIGN_IN_TEXTS.deviceCodeLabel).fill(code);
  await page.getByRole('button', { name: SIGN_IN_TEXTS.deviceVerify }).click();
  await expect(page.getByRole('heading', { name: connectTo(clients[0]!.appName) })).toBeVisible();
  for (const client of clients.slice(1)) {
    await page.goto(client.ssoPath);
    await expect(page.getByRole('heading', { name: connectTo(client.appName) })).toBeVisible();
  }
});
