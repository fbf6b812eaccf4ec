import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ADMIN_TOASTS, APP_STATUSES, DEV_LABELS as L, DEV_MESSAGES } from '@portico/contracts';
import { routes } from '../router';
import { renderRoutes } from '../test/render';
import { EDITOR_LABELS as E } from '../ui/editor';
import { appEntry, appsAnswer, openLedger, stubDev } from './test-stub';

const trail = () => screen.getByRole('navigation', { name: 'Page trail' });

describe('Application editor', () => {
  it('names the open application in the trail by its saved name after a rename', async () => {
    let name = 'Ledger';
    stubDev({
      'GET /v1/apps': () => appsAnswer([appEntry('ledger', name, 0)]),
      'POST /v1/apps/update': () => {
        name = 'Ledger v2';
        return { Code: '200', Msg: 'Application updated' };
      },
    });
    renderRoutes(routes, '/manage/dev');
    const user = await openLedger();
    const current = () =>
      within(trail()).getByText(
        (_, node) => node?.tagName === 'LI' && node.getAttribute('aria-current') === 'page',
      );
    expect(current()).toHaveTextContent(/^Ledger$/);

    const details = screen.getByRole('form', { name: /Ledger/ });
    await user.click(within(details).getByRole('button', { name: E.edit }));
    const field = within(details).getByLabelText(L.name);
    await user.clear(field);
    await user.type(field, 'Ledger v2');
    await user.click(within(details).getByRole('button', { name: E.apply }));

    expect(await screen.findByText(ADMIN_TOASTS.updated('Ledger v2'))).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: `${L.application}: Ledger v2` }),
    ).toBeVisible();
    expect(current()).toHaveTextContent(/^Ledger v2$/);
    // The editor page was relabelled in place, not pushed again: the trail is still two long.
    expect(within(trail()).getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows values in view mode as calm read-only text, an empty one as a dash', async () => {
    stubDev();
    renderRoutes(routes, '/manage/dev');
    const user = await openLedger();
    const details = screen.getByRole('form', { name: /Ledger/ });
    for (const label of [L.desc, L.link]) {
      const field = within(details).getByLabelText(label);
      expect(field).toHaveValue('');
      expect(field).toHaveAttribute('readonly');
      expect(field).toHaveAttribute('placeholder', E.empty);
      expect(field).toHaveClass('form-control-plaintext');
    }
    // A filled value has no dash; the status reads as text, and is a select only when editing.
    expect(within(details).getByLabelText(L.name)).not.toHaveAttribute('placeholder');
    const status = within(details).getByLabelText(L.status);
    expect(status).toHaveValue(APP_STATUSES[0]);
    expect(status).toHaveAttribute('readonly');
    await user.click(within(details).getByRole('button', { name: E.edit }));
    expect(within(details).getByRole('combobox', { name: L.status })).toHaveValue('0');
  });

  it('says so when the server refuses a new client', async () => {
    stubDev({ 'POST /v1/clients/add': { Code: 'server_error', status: 500 } });
    renderRoutes(routes, '/manage/dev');
    const user = await openLedger();
    await user.click(await screen.findByRole('button', { name: L.addClient }));
    const form = screen.getByRole('form', { name: L.newClient });
    await user.type(within(form).getByLabelText(L.name), 'Mobile');
    await user.type(within(form).getByLabelText(L.redirect), 'https://m.example/cb');
    await user.click(within(form).getByRole('button', { name: E.create }));
    expect(await screen.findByText(DEV_MESSAGES.clientAddFailed)).toBeInTheDocument();
  });
});
