import {
  DELETE_ACCOUNT_TEXTS as T,
  PORTAL_APP_ID,
  PORTAL_CLIENT_ID,
  PROFILE_TEXTS,
  calls,
  encodeBase64,
} from '@portico/contracts';
import type { AdminApi } from '../support/admin.js';
import { callApi } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { continueToShell, memberGrant, submitPassword } from '../support/mfa-browser.js';

/** Sets the portal client's allow_delete, keeping every other setting as it is. */
async function allowDeleteOnPortal(admin: AdminApi, allow: boolean): Promise<void> {
  const list = await admin.call(calls.apps.list);
  const clients = JSON.parse(list.clients[PORTAL_APP_ID] ?? '[]') as Record<string, unknown>[];
  const portal = clients.find((client) => client.id === PORTAL_CLIENT_ID);
  if (!portal) throw new Error('the portal client is not listed');
  await admin.call(calls.clients.update, {
    id: PORTAL_CLIENT_ID,
    app: PORTAL_APP_ID,
    desc: portal.desc as string,
    redirect: portal.redirect as string,
    platform: portal.platform as 'web',
    domain: portal.domain as string,
    custom_hash: portal.custom_hash as boolean,
    allow_delete: allow,
    allow_multiple_sessions: portal.allow_multiple_sessions as boolean,
  });
}

test('where the client allows it, a member deletes their account and can no longer sign in', async ({
  adminApi,
  createMember,
  api,
  mail,
  page,
}) => {
  const member = await createMember({ roles: [await memberGrant(adminApi)] });
  await allowDeleteOnPortal(adminApi, true);
  try {
    await submitPassword(page, mail, member);
    await continueToShell(page);
    await page.goto('/manage/me');
    await page.getByRole('button', { name: T.button }).click();
    const dialog = page.getByRole('dialog', { name: T.dialogTitle });
    await expect(dialog.getByText(T.text)).toBeVisible();
    await dialog.getByLabel(PROFILE_TEXTS.password).fill(member.password);
    await dialog.getByRole('button', { name: T.confirm }).click();

    // Signed out everywhere: the page reloads into the login.
    await expect(page).toHaveURL(/\/sso/);
    const again = await callApi(api, calls.auth.signIn, {
      uname: encodeBase64(member.username),
      pass: encodeBase64(member.password),
      client: PORTAL_CLIENT_ID,
      redirect: '/',
      dcd: 'another-browser',
    });
    // The account is gone: answered like any unknown username (REVEAL_ACCOUNT_STATE off).
    expect(['account_failed', 'user_not_found']).toContain(again.Code);
  } finally {
    await allowDeleteOnPortal(adminApi, false);
  }
});

test('where the client does not allow it, the profile offers no deletion', async ({
  adminApi,
  createMember,
  mail,
  page,
}) => {
  const member = await createMember({ roles: [await memberGrant(adminApi)] });
  await submitPassword(page, mail, member);
  await continueToShell(page);
  await page.goto('/manage/me');
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('button', { name: T.button })).toHaveCount(0);
});
