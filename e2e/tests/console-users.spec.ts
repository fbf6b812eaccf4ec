import {
  CODES,
  USERS_MESSAGES,
  USERS_SCREEN_TEXTS as T,
  USER_STATUS,
  calls,
} from '@portico/contracts';
import { VIEWPORTS, screenshotBothWidths } from '../support/screenshots.js';
import { AdminApi } from '../support/admin.js';
import { callApi } from '../support/api.js';
import { linksIn } from '../support/mail.js';
import { expect, test } from '../support/fixtures.js';
import { createOwner, inviteAndRegister } from '../support/members.js';
import { uniqueEmail, uniqueId, uniqueSuffix } from '../support/names.js';
import {
  blockAccount,
  closeToasts,
  expandUserCard,
  expectUncovered,
  signInPage,
  userCard,
} from '../support/users-helpers.js';

test('a company owner invites, finds and manages users', async ({
  adminApi,
  api,
  mail,
  page,
  clientIps,
}) => {
  test.setTimeout(180_000);
  const com = (await adminApi.createCompany()).id;
  const app = await adminApi.createApp();
  const role = await adminApi.createRole(app.id, { name: `Teller ${uniqueSuffix()}` });
  const second = await adminApi.createRole(app.id, { name: `Auditor ${uniqueSuffix()}` });
  const otherApp = await adminApi.createApp();
  const clerk = await adminApi.createRole(otherApp.id, { name: `Clerk ${uniqueSuffix()}` });
  const owner = await createOwner(adminApi, api, mail, com);
  const ownerApi = await signInPage(page, mail, owner, com);
  const member = await inviteAndRegister(ownerApi, api, mail, [{ app: app.id, roles: [role.id] }]);
  const branch = { branchid: uniqueId('br'), name: `Harbour ${uniqueSuffix()}` };
  await ownerApi.call(calls.branches.add, { ...branch, com });
  // Deleted while the Assign Branch dialog offers it: the Add fails and the dialog stays open.
  const doomed = { branchid: uniqueId('br'), name: `Closing ${uniqueSuffix()}` };
  await ownerApi.call(calls.branches.add, { ...doomed, com });

  await page.goto('/manage/users');
  await expect(userCard(page, member.email)).toBeVisible();
  await screenshotBothWidths(page, 'users-list');

  // Invite with a role of the application: the toast, and the mail arrives.
  const invitee = uniqueEmail('users-invitee');
  const mailsBefore = await mail.count(invitee);
  await page.getByRole('button', { name: T.inviteButton, exact: true }).click();
  const invite = page.getByRole('dialog', { name: T.inviteTitle });
  const inviteButton = invite.getByRole('button', { name: T.inviteButton, exact: true });
  await invite.getByLabel(T.emailLabel).fill(invitee);
  await expect(inviteButton).toBeDisabled();
  await invite.getByLabel(T.appLabel).selectOption(app.id);
  await invite.getByLabel(role.name).check();
  await expect(inviteButton).toBeEnabled();
  await screenshotBothWidths(page, 'users-invite-dialog');
  await inviteButton.click();
  await expect(page.getByText(USERS_MESSAGES.inviteSent(invitee))).toBeVisible();
  const mailed = await mail.waitForMail(invitee, { after: mailsBefore, subject: /invited you/ });
  expect(mailed.text).toContain('/invite');

  // Search applies after typing stops; the app filter keeps e-mails with that application.
  const search = page.getByLabel(T.searchLabel);
  await search.fill(member.username);
  await expect(userCard(page, member.email)).toBeVisible();
  await expect(userCard(page, invitee)).toHaveCount(0);
  await expect(userCard(page, owner.email)).toHaveCount(0);
  await page.getByRole('button', { name: T.clearFilters }).click();
  await expect(search).toHaveValue('');
  await page.getByLabel(T.appFilterLabel, { exact: true }).selectOption(app.id);
  await expect(userCard(page, invitee)).toBeVisible();
  await expandUserCard(page, invitee);
  await expect(userCard(page, invitee).getByText(USERS_MESSAGES.pending)).toBeVisible();
  await expect(userCard(page, invitee).getByRole('button', { name: T.resend })).toBeVisible();
  await screenshotBothWidths(page, 'users-card-pending');

  // Update Role gives the invitee, who has not joined yet, a second application: an invitation
  // of its own, mailed with its own link, pending beside the first.
  const invitedCard = userCard(page, invitee);
  await closeToasts(page);
  await invitedCard.getByRole('button', { name: T.updateRole }).click();
  const addApp = page.getByRole('dialog', { name: T.updateRoleTitle });
  await addApp.getByLabel(T.appLabel).selectOption(otherApp.id);
  await addApp.getByLabel(clerk.name).check();
  const mailsBeforeAddApp = await mail.count(invitee);
  await addApp.getByRole('button', { name: T.apply }).click();
  await expect(page.getByText(USERS_MESSAGES.inviteSent(invitee))).toBeVisible();
  await expect(addApp).toBeHidden();
  const addAppMail = await mail.waitForMail(invitee, {
    after: mailsBeforeAddApp,
    subject: /invited you/,
  });
  expect(addAppMail.text).toContain(`${otherApp.name} (${clerk.name})`);
  const [addAppLink, ...moreLinks] = linksIn(addAppMail.text, '/invite');
  expect(moreLinks).toEqual([]);
  const invitation = await callApi(api, calls.invites.details, {
    email: invitee,
    code: addAppLink?.searchParams.get('code') ?? '',
  });
  expect(invitation.Msg).toMatchObject({ app: { id: otherApp.id }, status: 'pending' });
  await expect(invitedCard.locator(`[title="${otherApp.name}"]`)).toBeVisible();
  await expect(invitedCard.getByText(USERS_MESSAGES.pending)).toHaveCount(2);
  await expect(userCard(page, owner.email)).toHaveCount(0);
  await page.getByRole('button', { name: T.clearFilters }).click();
  await expect(page.getByRole('button', { name: T.clearFilters })).toHaveCount(0);

  // Expand the member's card and edit the name.
  const memberCard = await expandUserCard(page, member.email);
  await expect(memberCard.getByText(T.branchesAssigned, { exact: true })).toBeVisible();
  await screenshotBothWidths(page, 'users-card');
  await memberCard.getByRole('button', { name: T.editName }).click();
  await memberCard.getByLabel(T.firstNameLabel).fill('Ada');
  await memberCard.getByLabel(T.lastNameLabel).fill('Lovelace');
  await memberCard.getByRole('button', { name: T.saveName }).click();
  await expect(page.getByText(T.nameUpdated)).toBeVisible();
  await expect(memberCard.getByText('Ada Lovelace').first()).toBeVisible();

  // On a phone, a failure toast shown while the dialog stays open leaves its buttons reachable.
  const desktop = page.viewportSize();
  await page.setViewportSize(VIEWPORTS.phone);
  await memberCard.getByRole('button', { name: T.assignBranch }).click();
  const assign = page.getByRole('dialog', { name: T.assignBranchTitle });
  await assign.getByLabel(T.branchLabel, { exact: true }).selectOption(doomed.branchid);
  await ownerApi.call(calls.branches.remove, {}, { com, id: doomed.branchid });
  await assign.getByRole('button', { name: T.add, exact: true }).click();
  await expect(page.getByText(T.branchAssignFailed)).toBeVisible();
  await expect(assign).toBeVisible();
  await expectUncovered(assign.getByRole('button'));
  await screenshotBothWidths(page, 'users-assign-branch-failed', { fullPage: false });
  if (desktop) await page.setViewportSize(desktop);
  await expectUncovered(assign.getByRole('button'));
  await assign.getByRole('button', { name: T.cancel }).click();
  await expect(assign).toBeHidden();

  // Assign the branch, servicing by default.
  await memberCard.getByRole('button', { name: T.assignBranch }).click();
  await expect(assign.getByLabel(T.servicingLabel)).toBeChecked();
  await assign.getByLabel(T.branchLabel, { exact: true }).selectOption(branch.branchid);
  await screenshotBothWidths(page, 'users-assign-branch-dialog', { fullPage: false });
  await assign.getByRole('button', { name: T.add, exact: true }).click();
  await expect(page.getByText(T.branchAssigned)).toBeVisible();
  await expect(memberCard.getByText(branch.name)).toBeVisible();
  await expect(memberCard.getByText(T.servicingBadge, { exact: true })).toBeVisible();
  // Every company branch is assigned: the add control goes away.
  await expect(memberCard.getByRole('button', { name: T.assignBranch })).toHaveCount(0);

  // Update the role: the switch shows what the member holds.
  await memberCard.getByRole('button', { name: T.updateRole }).click();
  const update = page.getByRole('dialog', { name: T.updateRoleTitle });
  await update.getByLabel(T.appLabel).selectOption(app.id);
  await expect(update.getByLabel(role.name)).toBeChecked();
  await update.getByLabel(second.name).check();
  await screenshotBothWidths(page, 'users-update-role-dialog');
  await update.getByRole('button', { name: T.apply }).click();
  await expect(page.getByText(T.rolesUpdated)).toBeVisible();
  await expect(memberCard.getByText(second.name)).toBeVisible();

  // A blocked account (wrong passwords from an address of its own) is reset by the owner.
  await blockAccount(clientIps.next(), member.username);
  await page.reload();
  await expandUserCard(page, member.email);
  await expect(memberCard.getByText(T.accountBlocked).last()).toBeVisible();
  await screenshotBothWidths(page, 'users-card-blocked');
  await memberCard.getByRole('button', { name: T.reset, exact: true }).click();
  await expect(page.getByText(USERS_MESSAGES.resetInitiated)).toBeVisible();
  await expect(memberCard.getByText(T.statusLabel(USER_STATUS.awaitingReset))).toBeVisible();
  await expect(memberCard).not.toContainText(USER_STATUS.awaitingReset);

  // Remove the member's access after the confirmation.
  await memberCard.getByRole('button', { name: T.removeUserAccess }).click();
  const remove = page.getByRole('dialog', { name: USERS_MESSAGES.removeAccessTitle });
  await expect(remove).toContainText(USERS_MESSAGES.removeAccessText);
  await screenshotBothWidths(page, 'users-remove-access-dialog');
  await remove.getByRole('button', { name: USERS_MESSAGES.removeAccessConfirm }).click();
  await expect(page.getByText(USERS_MESSAGES.accessRemoved)).toBeVisible();
  await expect(userCard(page, member.email)).toHaveCount(0);

  // The owner's own card offers no Remove User Access.
  await expandUserCard(page, owner.email);
  await expect(
    userCard(page, owner.email).getByText(T.branchesAssigned, { exact: true }),
  ).toBeVisible();
  await expect(
    userCard(page, owner.email).getByRole('button', { name: T.removeUserAccess }),
  ).toHaveCount(0);

  // An empty search result.
  await search.fill(`nobody-${uniqueSuffix()}`);
  await search.press('Enter');
  await expect(page.getByText(USERS_MESSAGES.noUsers)).toBeVisible();
});

test('a plain member has no Users menu and the server refuses users.list', async ({
  adminApi,
  api,
  mail,
  page,
  signInApi,
}) => {
  const com = (await adminApi.createCompany()).id;
  const app = await adminApi.createApp();
  const role = await adminApi.createRole(app.id);
  const owner = await createOwner(adminApi, api, mail, com);
  const session = await signInApi(
    { login: owner.username, password: owner.password, email: owner.email },
    { com },
  );
  const ownerApi = new AdminApi(session.api, () => Promise.resolve(), com);
  const member = await inviteAndRegister(ownerApi, api, mail, [{ app: app.id, roles: [role.id] }]);

  await signInPage(page, mail, member, com);
  await page.goto('/manage/me');
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu.getByRole('link').first()).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Users', exact: true })).toHaveCount(0);

  const answer = await callApi(page.request, calls.users.list, { offset: 0 });
  expect(answer.Code).toBe('forbidden');
  await page.goto('/manage/users');
  await expect(page.getByText(CODES.forbidden.text)).toBeVisible();
});
