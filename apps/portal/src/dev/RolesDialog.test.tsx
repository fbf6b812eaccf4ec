import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN_TOASTS, DEV_LABELS as L, DEV_MESSAGES, USERS_MESSAGES } from '@portico/contracts';
import { routes } from '../router';
import type { StubAnswer } from '../test/fetch-stub';
import { renderRoutes } from '../test/render';
import { EDITOR_LABELS as E } from '../ui/editor';
import { openLedger, stubDev } from './test-stub';

const OWNER = { id: 'owner', name: 'Owner', desc: 'Owns the application' };
const TELLER = { id: 'teller', name: 'Teller', desc: 'Counter staff' };

/** The roles call answers from `roles`, which a successful remove changes like the server. */
function stubRoles(removeAnswer: StubAnswer) {
  let roles = [OWNER, TELLER];
  const fetchStub = stubDev({
    'GET /v1/roles': () => ({ Code: '200', Msg: { roles } }),
    'POST /v1/roles/remove': () => {
      if (removeAnswer.Code === '200') roles = roles.filter((role) => role.id !== TELLER.id);
      return removeAnswer;
    },
    'POST /v1/roles/add': { Code: 'server_error', status: 500 },
  });
  const removeCalls = () =>
    fetchStub.mock.calls.filter(([url]) => String(url).includes('/v1/roles/remove'));
  return { removeCalls };
}

async function openRoles() {
  renderRoutes(routes, '/manage/dev');
  const user = await openLedger();
  await user.click(await screen.findByRole('button', { name: L.roles }));
  const dialog = await screen.findByRole('dialog', { name: L.rolesOf('Ledger') });
  await within(dialog).findByRole('cell', { name: TELLER.id });
  return { user, dialog };
}

describe('Roles dialog', () => {
  it('removes a role only after the delete confirmation', async () => {
    const { removeCalls } = stubRoles({ Code: '200', Msg: 'Role removed' });
    const { user, dialog } = await openRoles();
    expect(within(dialog).queryByRole('button', { name: L.removeRole(OWNER.name) })).toBeNull();

    // Cancel in the confirmation keeps the role and sends nothing.
    await user.click(within(dialog).getByRole('button', { name: L.removeRole(TELLER.name) }));
    let confirm = await screen.findByRole('dialog', { name: USERS_MESSAGES.confirmDeleteTitle });
    expect(within(confirm).getByText(USERS_MESSAGES.confirmDeleteText)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: E.cancel }));
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    expect(removeCalls()).toHaveLength(0);
    expect(within(dialog).getByRole('cell', { name: TELLER.id })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: L.removeRole(TELLER.name) }));
    confirm = await screen.findByRole('dialog', { name: USERS_MESSAGES.confirmDeleteTitle });
    await user.click(within(confirm).getByRole('button', { name: E.delete }));
    expect(await screen.findByText(ADMIN_TOASTS.deleted(TELLER.name))).toBeInTheDocument();
    expect(removeCalls()).toHaveLength(1);
    expect(String(removeCalls()[0]?.[0])).toContain('id=teller');
    await waitFor(() =>
      expect(within(dialog).queryByRole('cell', { name: TELLER.id })).not.toBeInTheDocument(),
    );
  });

  it('says so when the server refuses to remove a role', async () => {
    stubRoles({ Code: 'server_error', status: 500 });
    const { user, dialog } = await openRoles();
    await user.click(within(dialog).getByRole('button', { name: L.removeRole(TELLER.name) }));
    const confirm = await screen.findByRole('dialog', { name: USERS_MESSAGES.confirmDeleteTitle });
    await user.click(within(confirm).getByRole('button', { name: E.delete }));
    expect(await screen.findByText(DEV_MESSAGES.roleDeleteFailed(TELLER.name))).toBeInTheDocument();
    expect(within(dialog).getByRole('cell', { name: TELLER.id })).toBeInTheDocument();
  });

  it('says so when the server refuses to add a role', async () => {
    stubRoles({ Code: '200' });
    const { user, dialog } = await openRoles();
    await user.type(within(dialog).getByLabelText(L.id), 'auditor');
    await user.type(within(dialog).getByLabelText(L.name), 'Auditor');
    await user.click(within(dialog).getByRole('button', { name: L.addRole }));
    expect(await screen.findByText(DEV_MESSAGES.roleAddFailed)).toBeInTheDocument();
  });
});
