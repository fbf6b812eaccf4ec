import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_TOASTS, USERS_MESSAGES, banExpiryLabel } from '@portico/contracts';
import { stubApi } from '../test/fetch-stub';
import { renderWithProviders } from '../test/render';
import { BannedIpsScreen } from './BannedIpsScreen';

const inTwoHours = new Date(Date.now() + 2 * 3600_000 + 5 * 60_000).toISOString();
const entry = (ip: string, reason: string, expiresAt: string | null) => ({
  ip,
  reason,
  bannedAt: '2026-11-20T09:30:00.000Z',
  expiresAt,
  attemptCount: 23,
  clientId: 'portico-portal',
  appId: 'portal',
  blockedUsers: ['alice_01', 'bob_02'],
});
const LIST = {
  Code: '200',
  Msg: {
    banned: [
      entry('198.51.100.4', 'credential_stuffing', inTwoHours),
      entry('198.51.100.9', 'rate_limit', '2026-01-01T00:00:00.000Z'),
    ],
  },
};

const rowOf = (ip: string) => screen.getByRole('cell', { name: ip }).closest('tr')!;

describe('banned IPs screen', () => {
  it('shows the reason, the expiry label and who was targeted', async () => {
    stubApi({ 'GET /v1/banned': LIST });
    renderWithProviders(<BannedIpsScreen />);
    await screen.findByRole('cell', { name: '198.51.100.4' });

    const stuffing = rowOf('198.51.100.4');
    expect(within(stuffing).getByText('Credential stuffing')).toBeVisible();
    expect(within(stuffing).getByText(banExpiryLabel(inTwoHours))).toBeVisible();
    expect(within(stuffing).getByText(/^2h \d+m$/)).toBeVisible();
    expect(within(stuffing).getByText('alice_01, bob_02')).toBeVisible();
    expect(within(stuffing).getByText('23')).toBeVisible();

    const limited = rowOf('198.51.100.9');
    expect(within(limited).getByText('Rate limiting')).toBeVisible();
    expect(within(limited).getByText('Expired')).toBeVisible();
  });

  it('asks for newest first, then for the order chosen in the dropdown', async () => {
    const fetchStub = stubApi({ 'GET /v1/banned': LIST });
    const user = userEvent.setup();
    renderWithProviders(<BannedIpsScreen />);
    const select = screen.getByLabelText('Sort by');
    expect(select).toHaveDisplayValue('Date (newest first)');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Date (newest first)', 'Date (oldest first)', 'Reason']);
    await screen.findByRole('cell', { name: '198.51.100.4' });

    await user.selectOptions(select, 'Reason');
    const sorts = () =>
      fetchStub.mock.calls.map(([url]) => new URL(String(url)).searchParams.get('sort'));
    await waitFor(() => expect(sorts()).toEqual(['date-newest', 'reason']));
  });

  it('unbans after a confirmation that names the address', async () => {
    stubApi({ 'GET /v1/banned': LIST, 'POST /v1/banned/remove': { Code: '200' } });
    const user = userEvent.setup();
    renderWithProviders(<BannedIpsScreen />);
    await user.click(await screen.findByRole('button', { name: 'Unban 198.51.100.9' }));
    const dialog = await screen.findByRole('dialog', { name: USERS_MESSAGES.confirmDeleteTitle });
    expect(within(dialog).getByText('Are you sure you want to delete 198.51.100.9?')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Unban' }));
    expect(await screen.findByText(ADMIN_TOASTS.unbanned)).toBeVisible();
  });

  it('says when the unban failed', async () => {
    stubApi({
      'GET /v1/banned': LIST,
      'POST /v1/banned/remove': { Code: 'not_found', status: 404 },
    });
    const user = userEvent.setup();
    renderWithProviders(<BannedIpsScreen />);
    await user.click(await screen.findByRole('button', { name: 'Unban 198.51.100.9' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unban' }),
    );
    expect(await screen.findByText(ADMIN_TOASTS.unbanFailed)).toBeVisible();
  });

  it('shows a banned IPv6 address in its short form and unbans it as the server keeps it', async () => {
    const stored = '2001:db8:0:0:1:0:0:9';
    const fetchStub = stubApi({
      'GET /v1/banned': { Code: '200', Msg: { banned: [entry(stored, 'rate_limit', inTwoHours)] } },
      'POST /v1/banned/remove': { Code: '200' },
    });
    const user = userEvent.setup();
    renderWithProviders(<BannedIpsScreen />);
    expect(await screen.findByRole('cell', { name: '2001:db8::1:0:0:9' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Unban 2001:db8::1:0:0:9' }));
    const dialog = await screen.findByRole('dialog', { name: USERS_MESSAGES.confirmDeleteTitle });
    expect(
      within(dialog).getByText('Are you sure you want to delete 2001:db8::1:0:0:9?'),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Unban' }));
    expect(await screen.findByText(ADMIN_TOASTS.unbanned)).toBeVisible();
    const unban = fetchStub.mock.calls.find(([url]) => String(url).endsWith('/remove'));
    expect(JSON.parse(String(unban?.[1]?.body))).toEqual({ ip: stored });
  });
});
