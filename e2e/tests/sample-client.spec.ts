import { calls } from '@portico/contracts';
import { completeSsoInBrowser } from '../support/account-flows.js';
import { callApi } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { linkIn } from '../support/mail.js';
import { uniqueEmail } from '../support/names.js';

test('the stack: admin API, a registered member, the mail peer and the sample client', async ({
  adminApi,
  api,
  mail,
  createMember,
  signInApi,
  sampleClient,
  page,
}) => {
  const roles = [{ app: sampleClient.appId, roles: [sampleClient.role.id] }];

  // The platform administrator's session seeds through the real API.
  const email = uniqueEmail('journey');
  const member = await createMember({ email, roles });

  // The mail peer received the invitation, with its /invite link for this e-mail.
  const [invitation] = await mail.messagesTo(email);
  expect(invitation?.subject).toMatch(/invited you/);
  const link = linkIn(invitation?.text ?? '', '/invite');
  expect(link.origin).toBe('http://localhost:1234');
  expect(link.searchParams.get('email')).toBe(email);

  // The invitation is spent: the account exists and its access is verified.
  const details = await callApi(api, calls.invites.details, {
    email,
    code: link.searchParams.get('code') ?? '',
  });
  expect(details.Code).toBe('invite_accepted');
  const { users } = await adminApi.call(calls.users.list, { offset: 0, search: member.username });
  expect(users).toContainEqual(
    expect.objectContaining({
      username: member.username,
      email,
      app: sampleClient.appId,
      status: 'verified',
      roles: [sampleClient.role.id],
    }),
  );

  // The member signs in to the sample client's application through the API (device code by
  // mail) and the sample client exchanges the code server-side.
  const signedIn = await signInApi(
    { login: member.username, password: member.password, email },
    { client: sampleClient.clientId, redirect: `${sampleClient.url}/callback`, com: 'core1' },
  );
  expect(signedIn.choice?.redirect).toMatch(`${sampleClient.url}/callback?`);

  await page.goto(signedIn.choice?.redirect ?? '');
  await expect(page.getByRole('heading', { level: 1, name: 'Signed in' })).toBeVisible();
  await expect(page.locator('[data-field="username"]')).toHaveText(member.username);
  await expect(page.locator('[data-field="email"]')).toHaveText(email);
  await expect(page.locator('[data-field="company-id"]')).toHaveText('core1');
  await expect(page.getByRole('list', { name: 'Roles' })).toHaveText(sampleClient.role.id);

  // Its home page sends people to the portal's /sso with its client id and callback.
  await page.goto(sampleClient.url);
  const signIn = page.getByRole('link', { name: 'Sign in with Portico' });
  await expect(signIn).toBeVisible();
  const href = new URL((await signIn.getAttribute('href')) ?? '');
  expect(href.pathname).toBe('/sso');
  expect(href.searchParams.get('client')).toBe(sampleClient.clientId);
  expect(href.searchParams.get('redir')).toBe(`${sampleClient.url}/callback`);
});

test('a member signs in to the sample client through the portal in the browser', async ({
  createMember,
  mail,
  sampleClient,
  page,
}) => {
  const member = await createMember({
    roles: [{ app: sampleClient.appId, roles: [sampleClient.role.id] }],
  });

  await page.goto(sampleClient.url);
  await page.getByRole('link', { name: 'Sign in with Portico' }).click();
  await expect(page).toHaveURL(/\/sso\?/);

  // A new browser is a new device: the code comes by e-mail; one company is chosen at once.
  await completeSsoInBrowser(
    page,
    mail,
    { login: member.username, password: member.password, email: member.email },
    { app: sampleClient.appName },
  );

  await expect(page).toHaveURL(new RegExp(`^${sampleClient.url}/callback\\?`));
  await expect(page.getByRole('heading', { level: 1, name: 'Signed in' })).toBeVisible();
  await expect(page.locator('[data-field="username"]')).toHaveText(member.username);
  await expect(page.locator('[data-field="email"]')).toHaveText(member.email);
  await expect(page.locator('[data-field="dis"]')).toHaveText(member.displayName);
  await expect(page.locator('[data-field="company-id"]')).toHaveText('core1');
  await expect(page.getByRole('list', { name: 'Roles' })).toHaveText(sampleClient.role.id);
});
