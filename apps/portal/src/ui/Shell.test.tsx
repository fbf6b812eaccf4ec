import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CODES,
  PORTAL_CLIENT_ID,
  ROLE_GLOBAL_OWNER,
  SERVER_ERROR_PAGE,
  SHELL_MESSAGES,
} from '@portico/contracts';
import { routes } from '../router';
import { browser } from '../session/browser';
import { sessionDetails } from '../test/fixtures';
import { stubApi } from '../test/fetch-stub';
import { renderRoutes } from '../test/render';

const COMPANIES = {
  Code: '200',
  Msg: {
    companies: [
      { id: sessionDetails().com!.id, name: 'Portico Platform', img: '' },
      { id: 'acme', name: 'Acme Bank', img: '' },
    ],
  },
};
const SSO = `/sso?client=${PORTAL_CLIENT_ID}`;

describe('signed-in shell', () => {
  it('opens on the default first page with the brand, greeting and the menu of the flags', async () => {
    stubApi({
      'GET /v1/auth/details': { Code: '200', Msg: sessionDetails() },
      'GET /v1/ses/com/ret': COMPANIES,
    });
    const { router } = renderRoutes(routes, '/');

    await waitFor(() => expect(document.title).toBe('Profile · Portico'));
    await screen.findByRole('navigation', { name: 'Main' });
    expect(router.state.location.pathname).toBe('/manage/me');
    expect(screen.getByRole('link', { name: 'Portico' })).toBeInTheDocument();
    // One navigation landmark (the side menu); the top bar is the banner.
    expect(screen.getAllByRole('navigation')).toHaveLength(1);
    expect(
      within(screen.getByRole('banner')).getByRole('button', { name: /^Account menu of/ }),
    ).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Main' });
    expect(within(menu).getByRole('link', { name: 'Admin' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Account menu of Maria Lopez' }));
    expect(await screen.findByText('Hello, Maria Lopez')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Acme Bank' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('opens the admin area on its companies page', async () => {
    stubApi({
      'GET /v1/auth/details': { Code: '200', Msg: sessionDetails() },
      'GET /v1/ses/com/ret': COMPANIES,
    });
    const { router } = renderRoutes(routes, '/manage/admin');
    await waitFor(() => expect(document.title).toBe('Companies · Portico'));
    expect(router.state.location.pathname).toBe('/manage/admin/companies');
  });

  it('keeps flagged screens from a session without the flag', async () => {
    stubApi({
      'GET /v1/auth/details': {
        Code: '200',
        Msg: sessionDetails({ roles: [], com: { id: 'acme', name: 'Acme Bank', img: '' } }),
      },
      'GET /v1/ses/com/ret': COMPANIES,
    });
    renderRoutes(routes, '/manage/users');
    expect(await screen.findByText(CODES.forbidden.text)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
  });

  it('sends the browser to the login of the client when there is no session', async () => {
    stubApi({
      'GET /v1/auth/details': { Code: 'session_invalid', status: 401 },
      // The login tries auto-login first (a quiet state until it answers) and loads its icon.
      'POST /v1/auth/autologin': { Code: 'session_invalid', status: 401 },
      'GET /v1/app/iconl': { Code: '200', Msg: '' },
    });
    const { router } = renderRoutes(routes, '/manage/company');
    expect(await screen.findByRole('heading', { name: 'Portico Login' })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(SSO);
  });

  it('shows the Server Error page during an outage, keeps the place, and recovers on Try again', async () => {
    let down = true;
    stubApi({
      'GET /v1/auth/details': () =>
        down ? { Code: 'unavailable', status: 503 } : { Code: '200', Msg: sessionDetails() },
      'GET /v1/ses/com/ret': COMPANIES,
    });
    const { router } = renderRoutes(routes, '/manage/company');
    expect(
      await screen.findByRole('heading', { name: SERVER_ERROR_PAGE.title }),
    ).toBeInTheDocument();
    expect(screen.getByText(SERVER_ERROR_PAGE.text)).toBeInTheDocument();
    // Not sent to the sign-in: an outage says nothing about the session.
    expect(router.state.location.pathname).toBe('/manage/company');

    down = false;
    await userEvent.setup().click(screen.getByRole('button', { name: SHELL_MESSAGES.tryAgain }));
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByRole('heading', { name: SERVER_ERROR_PAGE.title })).toBeNull();
    expect(router.state.location.pathname).toBe('/manage/company');
  });

  it('shows the session-expired dialog when the details say so', async () => {
    stubApi({
      'GET /v1/auth/details': {
        Code: 'session_expired',
        Msg: { dis: 'Maria Lopez', avatar: '' },
        status: 401,
      },
    });
    renderRoutes(routes, '/manage/me');
    const dialog = await screen.findByRole('dialog', { name: 'Session expired' });
    expect(dialog).toHaveTextContent('Maria Lopez');
    expect(dialog.querySelector('[data-initials="MA"]')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', SSO);
  });

  it('shows the session-expired dialog when a later answer says so', async () => {
    stubApi({
      'GET /v1/auth/details': { Code: '200', Msg: sessionDetails({ roles: [ROLE_GLOBAL_OWNER] }) },
      'GET /v1/ses/com/ret': { Code: 'session_expired', status: 401 },
    });
    renderRoutes(routes, '/manage/me');
    const dialog = await screen.findByRole('dialog', { name: 'Session expired' });
    expect(dialog).toHaveTextContent('Maria Lopez');
    expect(dialog).toHaveTextContent(CODES.session_expired.text);
  });

  it('signs out and reloads the page', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const fetchStub = stubApi({
      'GET /v1/auth/details': { Code: '200', Msg: sessionDetails() },
      'GET /v1/ses/com/ret': COMPANIES,
      'POST /v1/auth/signout': { Code: '200', Msg: 'signed out' },
    });
    renderRoutes(routes, '/manage/me');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu of Maria Lopez' }));
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    const signOut = fetchStub.mock.calls.find(([url]) => String(url).endsWith('/v1/auth/signout'));
    expect(signOut?.[1]).toMatchObject({ method: 'POST', body: '{}', credentials: 'include' });
  });

  it('switches the company, reloads the session and goes to the profile', async () => {
    let details = sessionDetails();
    const fetchStub = stubApi({
      'GET /v1/auth/details': () => ({ Code: '200', Msg: details }),
      'GET /v1/ses/com/ret': COMPANIES,
      'POST /v1/session/com': () => {
        details = sessionDetails({ com: { id: 'acme', name: 'Acme Bank', img: '' } });
        return { Code: '200', Msg: 'ok' };
      },
    });
    const { router } = renderRoutes(routes, '/manage/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu of Maria Lopez' }));
    await user.click(await screen.findByRole('button', { name: 'Acme Bank' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/me'));
    const switched = fetchStub.mock.calls.find(([url]) => String(url).endsWith('/v1/session/com'));
    expect(switched?.[1]?.body).toBe('{"com":"acme"}');
    const detailLoads = fetchStub.mock.calls.filter(([url]) =>
      String(url).endsWith('/v1/auth/details'),
    );
    expect(detailLoads).toHaveLength(2);
    // Acme is not the platform company: the admin items are gone.
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument(),
    );
  });
});
