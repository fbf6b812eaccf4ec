import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ADMIN_TOASTS,
  APP_STATUSES,
  CLIENT_MESSAGES,
  DEV_LABELS as L,
  DEV_MESSAGES,
  FORM_MESSAGES,
  USERS_MESSAGES,
} from '@portico/contracts';
import { routes } from '../router';
import { renderRoutes } from '../test/render';
import { EDITOR_LABELS as E } from '../ui/editor';
import { openLedger, SECRET, stubDev } from './test-stub';

describe('Developer screen', () => {
  it('lists the applications with their status label and colour', async () => {
    stubDev();
    renderRoutes(routes, '/manage/dev');
    const disabled = await screen.findByText(APP_STATUSES[0]);
    expect(disabled).toHaveAttribute('data-colour', 'red');
    expect(screen.getByText(APP_STATUSES[3])).toHaveAttribute('data-colour', 'green');
  });

  it('shows "Id already taken." on the id when the application exists', async () => {
    stubDev({ 'POST /v1/apps/add': { Code: 'app_enrolled', status: 409 } });
    renderRoutes(routes, '/manage/dev');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: L.addApp }));
    const dialog = await screen.findByRole('dialog', { name: L.addApp });
    await user.type(within(dialog).getByLabelText(L.id), 'ledger');
    await user.type(within(dialog).getByLabelText(L.name), 'Ledger');
    await user.click(within(dialog).getByRole('button', { name: L.add }));
    expect(await within(dialog).findByText(FORM_MESSAGES.idTaken)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(L.id)).toHaveAttribute('aria-invalid', 'true');
  });

  it('toasts a failed add', async () => {
    stubDev({ 'POST /v1/apps/add': { Code: 'server_error', status: 500 } });
    renderRoutes(routes, '/manage/dev');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: L.addApp }));
    const dialog = await screen.findByRole('dialog', { name: L.addApp });
    await user.type(within(dialog).getByLabelText(L.id), 'new-app');
    await user.type(within(dialog).getByLabelText(L.name), 'New{Enter}');
    expect(await screen.findByText(ADMIN_TOASTS.addAppFailed)).toBeInTheDocument();
  });

  it('shows a client with its secret masked and durations in the largest unit', async () => {
    stubDev();
    renderRoutes(routes, '/manage/dev');
    const user = await openLedger();
    await user.click(await screen.findByRole('button', { name: /Ledger web/ }));
    const masked = await screen.findByTestId('client-secret');
    expect(masked).toHaveTextContent(/^AbC••••••nOp$/);
    expect(screen.getByLabelText(L.activityTimeout)).toHaveValue('1 hour');
    expect(screen.getByLabelText(L.sessionTtl)).toHaveValue('7 days');
  });

  it('checks the client rules before Apply and sends only valid changes', async () => {
    const fetchStub = stubDev({ 'POST /v1/clients/update': { Code: '200', Msg: {} } });
    renderRoutes(routes, '/manage/dev');
    const user = await openLedger();
    await user.click(await screen.findByRole('button', { name: /Ledger web/ }));
    const editor = (await screen.findByTestId('client-secret')).closest('form')!;
    await user.click(within(editor).getByRole('button', { name: E.edit }));
    const limit = within(editor).getByLabelText(L.deviceLimit);
    await user.clear(limit);
    await user.type(limit, '500');
    await user.click(within(editor).getByRole('button', { name: E.apply }));
    expect(await within(editor).findByText(CLIENT_MESSAGES.deviceLimit)).toBeInTheDocument();
    expect(fetchStub).not.toHaveBeenCalledWith(
      expect.stringContaining('/v1/clients/update'),
      expect.anything(),
    );

    await user.clear(limit);
    await user.type(limit, '10');
    await user.selectOptions(within(editor).getByLabelText(L.platform), 'Android');
    await user.click(within(editor).getByLabelText(L.customHash));
    await user.click(within(editor).getByRole('button', { name: E.apply }));
    expect(await screen.findByText(ADMIN_TOASTS.updated('Ledger web'))).toBeInTheDocument();
    const [, init] = fetchStub.mock.calls.find(([url]) => String(url).includes('/clients/update'))!;
    expect(JSON.parse(String(init?.body))).toMatchObject({
      id: 'c-1',
      platform: 'android',
      custom_hash: true,
      device_limit: 10,
      session_activity_timeout: 3600,
    });
  });

  it('creates a client, shows its secret once and asks before removing one', async () => {
    stubDev({
      'POST /v1/clients/add': { Code: '200', Msg: { client_id: 'c-2', client_secret: SECRET } },
      'POST /v1/clients/remove': { Code: '200', Msg: {} },
    });
    renderRoutes(routes, '/manage/dev');
    const user = await openLedger();
    await user.click(await screen.findByRole('button', { name: L.addClient }));
    const form = screen.getByRole('form', { name: L.newClient });
    expect(within(form).getByLabelText(L.allowMultiple)).toBeChecked();
    expect(within(form).queryByLabelText(L.customHash)).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: E.create }));
    expect(within(form).getByLabelText(L.name)).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(form).getByLabelText(L.name), 'Mobile');
    await user.type(within(form).getByLabelText(L.redirect), 'https://m.example/cb');
    await user.click(within(form).getByRole('button', { name: E.create }));
    expect(await screen.findByText(DEV_MESSAGES.secretShownOnce)).toBeInTheDocument();
    expect(screen.getByLabelText(L.newSecret)).toHaveValue(SECRET);

    const existing = (await screen.findByTestId('client-secret')).closest('form')!;
    await user.click(within(existing).getByRole('button', { name: E.delete }));
    const confirm = await screen.findByRole('dialog', { name: USERS_MESSAGES.confirmDeleteTitle });
    await user.click(within(confirm).getByRole('button', { name: E.delete }));
    expect(await screen.findByText(ADMIN_TOASTS.clientRemoved('Ledger web'))).toBeInTheDocument();
  });
});
