import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_TOASTS, FORM_MESSAGES, encodeBase64 } from '@portico/contracts';
import { stubApi } from '../test/fetch-stub';
import { renderWithProviders } from '../test/render';
import { CompaniesScreen } from './CompaniesScreen';

const owner = (email: string, status: string) => ({
  email,
  status,
  roles: ['owner'],
  app: 'global',
  username: null,
});

const LIST = {
  Code: '200',
  Msg: {
    coms: [
      { id: 'acme', name: 'Acme Bank', img: '', owner: '', branches: [] },
      { id: 'beta', name: 'Beta Savings', img: '', owner: 'Ana Ruiz', branches: [] },
      { id: 'core2', name: 'Core Two', img: '', owner: '', branches: [] },
    ],
    owners: {
      beta: owner('ana@beta.example', 'verified'),
      core2: owner('new@core2.example', 'pending'),
    },
  },
};

function rowOf(name: string) {
  return screen.getByRole('cell', { name }).closest('tr') as HTMLElement;
}

describe('companies screen', () => {
  it('shows each company with the owner action its invitation calls for', async () => {
    stubApi({ 'GET /v1/coms': LIST });
    renderWithProviders(<CompaniesScreen />);

    await screen.findByRole('cell', { name: 'Acme Bank' });
    expect(
      within(rowOf('Acme Bank')).getByRole('button', { name: 'Invite Acme Bank' }),
    ).toBeVisible();
    const beta = rowOf('Beta Savings');
    expect(within(beta).getByText('Ana Ruiz')).toBeVisible();
    expect(within(beta).getByRole('button', { name: 'Change Beta Savings' })).toBeVisible();
    const pending = rowOf('Core Two');
    expect(within(pending).getByText('new@core2.example (pending)')).toBeVisible();
    expect(within(pending).getByRole('button', { name: 'Resend Core Two' })).toBeVisible();
  });

  it('offers no Remove for the platform company (the API refuses it), and Remove for others', async () => {
    stubApi({
      'GET /v1/coms': {
        ...LIST,
        Msg: {
          ...LIST.Msg,
          coms: [
            { id: 'core1', name: 'Portico Platform', img: '', owner: 'Ada Admin', branches: [] },
            ...LIST.Msg.coms,
          ],
        },
      },
    });
    renderWithProviders(<CompaniesScreen />);
    await screen.findByRole('cell', { name: 'Portico Platform' });
    const platform = rowOf('Portico Platform');
    expect(within(platform).queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(
      within(platform).getByRole('button', { name: 'Branches Portico Platform' }),
    ).toBeVisible();
    expect(
      within(rowOf('Acme Bank')).getByRole('button', { name: 'Remove Acme Bank' }),
    ).toBeVisible();
  });

  it('requires id and name, and says when the id is taken', async () => {
    const fetchStub = stubApi({
      'GET /v1/coms': LIST,
      'POST /v1/coms/add': { Code: 'app_enrolled', status: 409 },
    });
    const user = userEvent.setup();
    renderWithProviders(<CompaniesScreen />);
    await user.click(await screen.findByRole('button', { name: 'Add Company' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Company' });

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getAllByText(FORM_MESSAGES.required)).toHaveLength(2);
    expect(fetchStub).toHaveBeenCalledTimes(1);

    await user.type(within(dialog).getByLabelText('Id'), 'acme');
    await user.type(within(dialog).getByLabelText('Name'), 'Acme Again');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(FORM_MESSAGES.idTaken)).toBeVisible();
    expect(within(dialog).getByLabelText('Id')).toHaveAttribute('aria-invalid', 'true');
  });

  it('invites the owner with the e-mail in base64', async () => {
    const fetchStub = stubApi({
      'GET /v1/coms': LIST,
      'POST /v1/coms/invite': { Code: '200' },
    });
    const user = userEvent.setup();
    renderWithProviders(<CompaniesScreen />);
    await user.click(await screen.findByRole('button', { name: 'Invite Acme Bank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite owner of Acme Bank' });
    await user.type(within(dialog).getByLabelText('Email'), 'boss@acme.example');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));

    expect(await screen.findByText('Invite sent to boss@acme.example')).toBeVisible();
    const call = fetchStub.mock.calls.find(([url]) => String(url).endsWith('/v1/coms/invite'));
    const sent: unknown = JSON.parse(String(call?.[1]?.body));
    expect(sent).toEqual({ com: 'acme', email: encodeBase64('boss@acme.example') });
  });

  it('removes a company after confirmation, and says when it failed', async () => {
    let removeCode = '200';
    stubApi({
      'GET /v1/coms': LIST,
      'POST /v1/coms/remove': () => ({
        Code: removeCode,
        status: removeCode === '200' ? 200 : 403,
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<CompaniesScreen />);
    await user.click(await screen.findByRole('button', { name: 'Remove Acme Bank' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText(ADMIN_TOASTS.companyRemoved)).toBeVisible();

    removeCode = 'forbidden';
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Remove Core Two' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText(ADMIN_TOASTS.companyRemoveFailed)).toBeVisible();
  });
});
