import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_TOASTS, USERS_MESSAGES, WHITELIST_MESSAGES } from '@portico/contracts';
import { stubApi } from '../test/fetch-stub';
import { renderWithProviders } from '../test/render';
import { IpWhitelistScreen } from './IpWhitelistScreen';

const LIST = {
  Code: '200',
  Msg: {
    whitelist: [
      {
        ip: '203.0.113.7',
        addedAt: '2026-11-20T09:30:00.000Z',
        addedBy: 'portico_admin',
        description: 'Head office',
      },
    ],
  },
};

async function openAdd() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Add IP' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add IP' });
  return { user, dialog };
}

describe('IP whitelist screen', () => {
  it('lists each address with when, by whom and why it was added', async () => {
    stubApi({ 'GET /v1/whitelist': LIST });
    renderWithProviders(<IpWhitelistScreen />);
    const row = (await screen.findByRole('cell', { name: '203.0.113.7' })).closest('tr')!;
    expect(within(row).getByText('portico_admin')).toBeVisible();
    expect(within(row).getByText('Head office')).toBeVisible();
    expect(within(row).getByText(/2026/)).toBeVisible();
  });

  it('refuses what is neither dotted IPv4 nor full IPv6, without calling the server', async () => {
    const fetchStub = stubApi({ 'GET /v1/whitelist': LIST });
    renderWithProviders(<IpWhitelistScreen />);
    const { user, dialog } = await openAdd();
    for (const bad of ['10.0.0', '2001:db8::1', 'localhost']) {
      await user.clear(within(dialog).getByLabelText('IP address'));
      await user.type(within(dialog).getByLabelText('IP address'), bad);
      await user.click(within(dialog).getByRole('button', { name: 'Add' }));
      expect(await within(dialog).findByText(WHITELIST_MESSAGES.invalidFormat)).toBeVisible();
    }
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it('adds a full IPv6 address with no description, and shows when it is already listed', async () => {
    let code = 'already_whitelisted';
    const fetchStub = stubApi({
      'GET /v1/whitelist': LIST,
      'POST /v1/whitelist/add': () => ({ Code: code, status: code === '200' ? 200 : 409 }),
    });
    renderWithProviders(<IpWhitelistScreen />);
    const { user, dialog } = await openAdd();
    const ip = '2001:0db8:0000:0000:0000:ff00:0042:8329';
    await user.type(within(dialog).getByLabelText('IP address'), ip);
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(WHITELIST_MESSAGES.alreadyWhitelisted)).toBeVisible();

    code = '200';
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(ADMIN_TOASTS.added)).toBeVisible();
    const posts = fetchStub.mock.calls.filter(([url]) => String(url).endsWith('/whitelist/add'));
    expect(JSON.parse(String(posts[1]?.[1]?.body))).toEqual({ ip });
  });

  it('removes an address after confirmation', async () => {
    stubApi({ 'GET /v1/whitelist': LIST, 'POST /v1/whitelist/remove': { Code: '200' } });
    const user = userEvent.setup();
    renderWithProviders(<IpWhitelistScreen />);
    await user.click(await screen.findByRole('button', { name: 'Remove 203.0.113.7' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText(ADMIN_TOASTS.whitelistRemoved)).toBeVisible();
  });

  it('says when the removal failed', async () => {
    stubApi({
      'GET /v1/whitelist': LIST,
      'POST /v1/whitelist/remove': { Code: 'not_found', status: 404 },
    });
    const user = userEvent.setup();
    renderWithProviders(<IpWhitelistScreen />);
    await user.click(await screen.findByRole('button', { name: 'Remove 203.0.113.7' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText(ADMIN_TOASTS.whitelistRemoveFailed)).toBeVisible();
  });

  it('shows a stored IPv6 address in its short form and names the address it removes', async () => {
    const stored = '2001:db8:0:0:0:0:0:42';
    const fetchStub = stubApi({
      'GET /v1/whitelist': {
        Code: '200',
        Msg: { whitelist: [{ ...LIST.Msg.whitelist[0], ip: stored }] },
      },
      'POST /v1/whitelist/remove': { Code: '200' },
    });
    const user = userEvent.setup();
    renderWithProviders(<IpWhitelistScreen />);
    expect(await screen.findByRole('cell', { name: '2001:db8::42' })).toBeVisible();
    expect(screen.queryByText(stored)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove 2001:db8::42' }));
    const dialog = await screen.findByRole('dialog', { name: USERS_MESSAGES.confirmDeleteTitle });
    expect(within(dialog).getByText('Are you sure you want to delete 2001:db8::42?')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(ADMIN_TOASTS.whitelistRemoved)).toBeVisible();
    // The call names the address as the server keeps it.
    const removal = fetchStub.mock.calls.find(([url]) => String(url).endsWith('/remove'));
    expect(JSON.parse(String(removal?.[1]?.body))).toEqual({ ip: stored });
  });
});
