import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CODES, DELETE_ACCOUNT_TEXTS as T, decodeBase64, messageFor } from '@portico/contracts';
import { browser } from '../../session/browser';
import { stubApi } from '../../test/fetch-stub';
import { renderAsMember } from '../../test/render';
import { ProfileScreen } from '../ProfileScreen';

function deleteBodies(fetchStub: ReturnType<typeof stubApi>) {
  return fetchStub.mock.calls
    .filter(([url]) => new URL(String(url)).pathname === '/v1/profile/delete')
    .map(([, init]) => JSON.parse(String(init?.body)) as { password: string });
}

async function openDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: T.button }));
  const dialog = await screen.findByRole('dialog', { name: T.dialogTitle });
  return { user, dialog };
}

afterEach(() => vi.restoreAllMocks());

describe('deleting one’s own account from the profile', () => {
  it('is not offered where the client does not allow it', async () => {
    stubApi({});
    renderAsMember(<ProfileScreen />, []);
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.button })).toBeNull();
  });

  it('asks for the password, says why a refusal failed, and reloads into the login on success', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    let answer = { Code: 'invalid_credentials', status: 401 } as {
      Code: string;
      status?: number;
      Msg?: string;
    };
    const fetchStub = stubApi({ 'POST /v1/profile/delete': () => answer });
    renderAsMember(<ProfileScreen />, [], 'acme', { allow_delete: true });
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByText(T.text)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: T.confirm }));
    expect(deleteBodies(fetchStub)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Password'), 'Wrong-pass1{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      messageFor('invalid_credentials', 'mfa') ?? '',
    );
    expect(decodeBase64(deleteBodies(fetchStub)[0]?.password ?? '')).toBe('Wrong-pass1');

    answer = { Code: 'owner_must_transfer', status: 409 };
    await user.type(within(dialog).getByLabelText('Password'), 'Right-pass1{Enter}');
    expect(await within(dialog).findByText(CODES.owner_must_transfer.text)).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();

    answer = { Code: '200', Msg: 'Account deleted' };
    await user.type(within(dialog).getByLabelText('Password'), 'Right-pass1{Enter}');
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });
});
