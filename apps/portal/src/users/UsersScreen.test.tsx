import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ROLE_GLOBAL_ADMIN,
  SEARCH_DEBOUNCE_MS,
  USERS_PAGE_SIZE,
  USERS_MESSAGES,
  USERS_SCREEN_TEXTS as T,
} from '@portico/contracts';
import {
  listAnswer,
  listBodies,
  renderUsers,
  row,
  stubUsersApi,
  VIEWER_EMAIL,
} from './test-helpers';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const emails = (n: number) => Array.from({ length: n }, (_, i) => row(`user${i}@bank.example`));

describe('UsersScreen list', () => {
  it('says No users found when the list is empty, without pagination', async () => {
    stubUsersApi(listAnswer([]));
    renderUsers();
    expect(await screen.findByText(USERS_MESSAGES.noUsers)).toBeVisible();
    expect(screen.queryByText(/Showing/)).toBeNull();
  });

  it('shows no pagination text for 30 users or fewer', async () => {
    stubUsersApi(listAnswer(emails(30), 30));
    renderUsers();
    expect(await screen.findByText('user0@bank.example')).toBeVisible();
    expect(screen.queryByText(USERS_MESSAGES.showing(1, 30, 30))).toBeNull();
  });

  it('shows the range and an ellipsis beyond 7 pages', async () => {
    stubUsersApi(listAnswer(emails(30), 300));
    renderUsers();
    expect(await screen.findByText(USERS_MESSAGES.showing(1, 30, 300))).toBeVisible();
    const nav = screen.getByRole('navigation', { name: T.pagination });
    expect(within(nav).getByText('…')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: T.page(10) })).toBeVisible();
    expect(within(nav).queryByRole('button', { name: T.page(7) })).toBeNull();
  });

  it('truncates long read-only text to 20 characters and an ellipsis', async () => {
    const long = 'a-very-long-address-indeed@bank.example';
    stubUsersApi(listAnswer([row(long)]));
    renderUsers();
    expect(await screen.findByText(`${long.slice(0, 20)}...`)).toBeVisible();
    expect(screen.queryByText(long)).toBeNull();
  });
});

describe('UsersScreen search', () => {
  it('applies the search 1 s after typing stops, at once on Enter and when cleared', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // The stub answers the search it was asked for, so the list shows which search applies.
    const fetchStub = stubUsersApi(() => {
      const search = listBodies(fetchStub).at(-1)?.search;
      return listAnswer(typeof search === 'string' ? [row(`${search}@found.example`)] : emails(2));
    });
    renderUsers();
    await screen.findByText('user0@bank.example');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const box = screen.getByLabelText(T.searchLabel);

    fireEvent.change(box, { target: { value: 'ann' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 100));
    expect(listBodies(fetchStub).some((body) => body.search === 'ann')).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(await screen.findByText('ann@found.example')).toBeVisible();

    fireEvent.change(box, { target: { value: 'bob' } });
    await user.type(box, '{Enter}');
    expect(await screen.findByText('bob@found.example')).toBeVisible();

    fireEvent.change(box, { target: { value: '' } });
    expect(await screen.findByText('user0@bank.example')).toBeVisible();
  });

  it('makes no request for whitespace alone and shows Clear filters while set', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchStub = stubUsersApi(listAnswer(emails(2)));
    renderUsers();
    await screen.findByText('user0@bank.example');
    expect(screen.queryByRole('button', { name: T.clearFilters })).toBeNull();
    const before = listBodies(fetchStub).length;
    fireEvent.change(screen.getByLabelText(T.searchLabel), { target: { value: '   ' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2));
    expect(listBodies(fetchStub)).toHaveLength(before);
    fireEvent.click(screen.getByRole('button', { name: T.clearFilters }));
    expect(screen.queryByRole('button', { name: T.clearFilters })).toBeNull();
  });

  it('goes back to page 1 when a filter changes', async () => {
    const fetchStub = stubUsersApi(listAnswer(emails(30), 100));
    renderUsers();
    fireEvent.click(await screen.findByRole('button', { name: T.page(2) }));
    await waitFor(() => expect(listBodies(fetchStub).at(-1)).toMatchObject({ offset: 30 }));
    fireEvent.change(
      screen.getByLabelText(T.appFilterLabel, { selector: 'select#users-app-filter' }),
      {
        target: { value: 'ledger' },
      },
    );
    await waitFor(() =>
      expect(listBodies(fetchStub).at(-1)).toMatchObject({ offset: 0, appFilter: 'ledger' }),
    );
  });
});

describe('UsersScreen permissions', () => {
  async function expand(email: string) {
    fireEvent.click(await screen.findByRole('button', { name: new RegExp(email) }));
  }

  it('offers Remove User Access for a member but not for an admin target or oneself', async () => {
    stubUsersApi(
      listAnswer([
        row('ann@bank.example'),
        row('boss@bank.example', { roles: ['admin'] }),
        row(VIEWER_EMAIL, { roles: ['admin'] }),
      ]),
    );
    renderUsers([ROLE_GLOBAL_ADMIN]);
    await expand('ann@bank.example');
    expect(await screen.findByRole('button', { name: T.removeUserAccess })).toBeVisible();
    expect(screen.getByRole('button', { name: T.updateRole })).toBeVisible();

    await expand('boss@bank.example');
    await screen.findByText(T.branchesAssigned);
    expect(screen.queryByRole('button', { name: T.removeUserAccess })).toBeNull();
    expect(screen.queryByRole('button', { name: T.updateRole })).toBeNull();
    // An admin (not owner) may not rename an admin-level target.
    expect(screen.queryByRole('button', { name: T.editName })).toBeNull();

    await expand(VIEWER_EMAIL);
    await screen.findByText(T.branchesAssigned);
    expect(screen.queryByRole('button', { name: T.removeUserAccess })).toBeNull();
  });

  it('offers Reset on a blocked account and then shows the reset-sent status', async () => {
    stubUsersApi(listAnswer([row('ann@bank.example', { user_status: 'blocked' })]), {
      'POST /v1/users/reset': { Code: '200' },
    });
    renderUsers();
    await expand('ann@bank.example');
    fireEvent.click(await screen.findByRole('button', { name: T.reset }));
    expect(await screen.findByText(USERS_MESSAGES.resetInitiated)).toBeVisible();
    // The status in words: the server's value is no word for a person.
    expect(screen.getByText('Password reset sent')).toBeVisible();
    expect(screen.queryByText(/awaiting_reset/)).toBeNull();
  });

  it('keeps long read-only text readable whole: name and title, focus, the card e-mail in full', async () => {
    const email = 'maria.lopez-fernandez@retail.bank.example';
    stubUsersApi(listAnswer([row(email)]));
    renderUsers();
    // The header is one button: its name carries the full e-mail, no focus stop inside it.
    const header = await screen.findByRole('button', { name: new RegExp(email) });
    const cut = within(header).getByText('maria.lopez-fernande...');
    expect(cut).toHaveAttribute('title', email);
    expect(cut).not.toHaveAttribute('tabindex');
    fireEvent.click(header);
    await screen.findByText(T.branchesAssigned);
    // The expanded card has the room for the whole e-mail.
    const emailLabel = screen.getByText(T.emailLabel, { selector: 'dt' });
    expect(emailLabel.nextElementSibling).toHaveTextContent(email);
  });

  it('names the reset-sent status in words when the list reports it', async () => {
    stubUsersApi(listAnswer([row('ann@bank.example', { user_status: 'awaiting_reset' })]));
    renderUsers();
    await expand('ann@bank.example');
    expect(await screen.findByText(T.statusLabel('awaiting_reset'))).toBeVisible();
    expect(screen.queryByText(/awaiting_reset/)).toBeNull();
  });
});

describe('UsersScreen dialogs', () => {
  it('enables Invite only with an e-mail and a role, and hides the admin switch', async () => {
    stubUsersApi(listAnswer([]), { 'POST /v1/invite': { Code: '200' } });
    renderUsers();
    const open = await screen.findByRole('button', { name: T.inviteButton });
    await waitFor(() => expect(open).toBeEnabled());
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog');
    const invite = within(dialog).getByRole('button', { name: T.inviteButton });
    expect(invite).toBeDisabled();
    expect(within(dialog).queryByLabelText('Admin')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText(T.emailLabel), {
      target: { value: 'new@bank.example' },
    });
    expect(invite).toBeDisabled();
    fireEvent.click(within(dialog).getByLabelText('Member'));
    await waitFor(() => expect(invite).toBeEnabled());
    fireEvent.click(invite);
    expect(await screen.findByText(USERS_MESSAGES.inviteSent('new@bank.example'))).toBeVisible();
  });

  it('says the invitation was sent when Update Role adds an app for someone not yet joined', async () => {
    const invitee = row('inv@bank.example', { status: 'pending', userid: null, user_status: null });
    const fetchStub = stubUsersApi(listAnswer([invitee]), {
      'POST /v1/users/role/update': {
        Code: '200',
        Msg: {
          access: [invitee, { ...invitee, app: 'ledger', roles: ['clerk'] }],
          invited: ['ledger'],
        },
      },
    });
    renderUsers();
    fireEvent.click(await screen.findByRole('button', { name: /inv@bank\.example/ }));
    fireEvent.click(await screen.findByRole('button', { name: T.updateRole }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(T.appLabel), { target: { value: 'ledger' } });
    fireEvent.click(within(dialog).getByLabelText('Clerk'));
    fireEvent.click(within(dialog).getByRole('button', { name: T.apply }));
    expect(await screen.findByText(USERS_MESSAGES.inviteSent('inv@bank.example'))).toBeVisible();
    const update = fetchStub.mock.calls.find(
      ([input]) => new URL(String(input)).pathname === '/v1/users/role/update',
    );
    expect(JSON.parse(String(update?.[1]?.body))).toEqual({
      email: 'inv@bank.example',
      data: [{ app: 'ledger', roles: ['clerk'] }],
    });
  });

  it('disables Resend for 30 s after a successful resend', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubUsersApi(
      listAnswer([row('inv@bank.example', { status: 'pending', userid: null, user_status: null })]),
      { 'POST /v1/invite/resend': { Code: '200' } },
    );
    renderUsers();
    fireEvent.click(await screen.findByRole('button', { name: /inv@bank\.example/ }));
    const resend = await screen.findByRole('button', { name: T.resend });
    fireEvent.click(resend);
    expect(await screen.findByText(USERS_MESSAGES.inviteResent)).toBeVisible();
    expect(resend).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(resend).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(resend).toBeEnabled();
  });
});

describe('UsersScreen branches', () => {
  const branch = (i: number) => ({ id: `b${i}`, name: `Branch ${String(i).padStart(2, '0')}` });
  const branches = (n: number) => Array.from({ length: n }, (_, i) => branch(i + 1));

  /** A member with the first `assigned` company branches, answered 30 a page by offset. */
  function stubBranches(companyCount: number, assigned: number) {
    const fetchStub = stubUsersApi(listAnswer([row('ann@bank.example')]), {
      'GET /v1/branches': { Code: '200', Msg: { branches: branches(companyCount) } },
      'POST /v1/branches/user': () => {
        const offset = Number(userBranchBodies(fetchStub).at(-1)?.offset);
        const page = branches(assigned)
          .slice(offset, offset + USERS_PAGE_SIZE)
          .map((b) => ({ ...b, servicing: b.id === 'b1' }));
        return { Code: '200', Msg: { branches: page, servicing: 'b1' } };
      },
    });
    return fetchStub;
  }

  function userBranchBodies(fetchStub: ReturnType<typeof stubUsersApi>) {
    return fetchStub.mock.calls
      .filter(([input]) => new URL(String(input)).pathname === '/v1/branches/user')
      .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
  }

  it('reads every page of assigned branches: all 31 assigned leaves no add control', async () => {
    const fetchStub = stubBranches(31, 31);
    renderUsers();
    fireEvent.click(await screen.findByRole('button', { name: /ann@bank\.example/ }));
    expect(await screen.findByText(branch(31).name)).toBeVisible();
    expect(screen.queryByRole('button', { name: T.assignBranch })).toBeNull();
    expect(userBranchBodies(fetchStub).map((body) => body.offset)).toEqual([0, 30]);
  });

  it('offers only the branches beyond the first page that are not yet assigned', async () => {
    stubBranches(33, 31);
    renderUsers();
    fireEvent.click(await screen.findByRole('button', { name: /ann@bank\.example/ }));
    fireEvent.click(await screen.findByRole('button', { name: T.assignBranch }));
    const dialog = await screen.findByRole('dialog');
    const options = within(within(dialog).getByLabelText(T.branchLabel)).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([branch(32).name, branch(33).name]);
  });
});
