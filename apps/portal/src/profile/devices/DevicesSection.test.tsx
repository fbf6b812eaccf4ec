import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEVICE_MESSAGES, PROFILE_TEXTS } from '@portico/contracts';
import { stubApi } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { DevicesSection } from './DevicesSection';

const T = PROFILE_TEXTS;
const LIST = {
  Code: '200',
  Msg: {
    current_device_id: 'd1',
    devices: [
      {
        id: 'd1',
        name: 'Chrome on Linux',
        type: 'web',
        status: 'active',
        last_accessed: '2026-11-20T10:00:00.000Z',
      },
      { id: 'd2', name: 'Firefox on Mac', type: 'web', status: 'active', last_accessed: null },
    ],
  },
};

describe('the devices list', () => {
  it('shows the in-use device read-only, marked (In-use), without Remove Device', async () => {
    stubApi({ 'GET /v1/devices': LIST });
    renderWithProviders(<DevicesSection />);
    const current = await screen.findByRole('article', { name: 'Chrome on Linux' });
    expect(within(current).getByText(DEVICE_MESSAGES.inUse)).toBeVisible();
    expect(within(current).queryByRole('button', { name: T.removeDevice })).toBeNull();
    expect(within(current).queryByRole('combobox')).toBeNull();
    expect(within(current).getByText('active')).toBeVisible();
    const other = screen.getByRole('article', { name: 'Firefox on Mac' });
    expect(within(other).getByRole('button', { name: T.removeDevice })).toBeEnabled();
    expect(within(other).getByText(/Never/)).toBeVisible();
  });

  it('changes a status only after the confirmation', async () => {
    const fetchStub = stubApi({
      'GET /v1/devices': LIST,
      'POST /v1/devices/status': { Code: '200' },
    });
    renderWithProviders(<DevicesSection />);
    const other = await screen.findByRole('article', { name: 'Firefox on Mac' });
    await userEvent.selectOptions(
      within(other).getByLabelText(/Status of Firefox on Mac/),
      'blocked',
    );
    const dialog = await screen.findByRole('dialog', { name: T.statusTitle });
    expect(fetchStub.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: T.confirm }));
    expect(await screen.findByText(T.statusChanged('Firefox on Mac', 'blocked'))).toBeVisible();
    const post = fetchStub.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ id: 'd2', status: 'blocked' });
  });

  it.each([
    ['device_user_mismatch', DEVICE_MESSAGES.userMismatch, 403],
    ['device_not_found', DEVICE_MESSAGES.notFound, 404],
    ['server_error', DEVICE_MESSAGES.removeFailed, 500],
  ])('says why a removal failed (%s)', async (code, text, status) => {
    stubApi({ 'GET /v1/devices': LIST, 'POST /v1/devices/remove': { Code: code, status } });
    renderWithProviders(<DevicesSection />);
    const other = await screen.findByRole('article', { name: 'Firefox on Mac' });
    await userEvent.click(within(other).getByRole('button', { name: T.removeDevice }));
    const dialog = await screen.findByRole('dialog', { name: T.removeTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: T.removeDevice }));
    await waitFor(() => expect(screen.getByText(text)).toBeVisible());
  });
});
