import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DEVICE_MESSAGES,
  GATE_PAGES,
  LOGIN_MESSAGES,
  LOGIN_TITLE,
  PORTAL_CLIENT_ID,
  PRODUCT_NAME,
  SERVER_ERROR_PAGE,
  SHELL_MESSAGES,
  SIGN_IN_TEXTS,
  continueAs,
  decodeBase64,
} from '@portico/contracts';
import { routes } from '../router';
import { stubApi, type StubAnswer } from '../test/fetch-stub';
import { renderRoutes } from '../test/render';
import { leavePortal } from './leave-portal';

const LOGIN = {
  companies: [
    { id: 'acme', name: 'Acme Bank', img: '' },
    { id: 'beta', name: 'Beta Credit', img: '' },
  ],
  retries_left: 5,
  avatar: '',
  dis: 'Maria Lopez',
  is_pin_enabled: false,
  is_biometrics_enabled: false,
  is_passkey_enabled: false,
  has_pin_setup: false,
  has_passkey_setup: false,
};
const CHOICE = {
  code: 'one-time',
  com: 'beta',
  app: 'CRM',
  redirect: 'https://crm.test/callback?code=one-time&com=beta',
};

function stubJourney(routesOverride: Record<string, StubAnswer | (() => StubAnswer)> = {}) {
  return stubApi({
    'POST /v1/auth/autologin': { Code: 'auth_invalid', status: 401 },
    'GET /v1/app/iconl': { Code: '200', Msg: '' },
    'POST /v1/auth/com': { Code: '200', Msg: CHOICE },
    ...routesOverride,
  });
}

function bodyOf(fetchStub: ReturnType<typeof stubApi>, path: string): Record<string, unknown> {
  const call = fetchStub.mock.calls.find(([url]) => new URL(String(url)).pathname === path);
  if (!call) throw new Error(`no call to ${path}`);
  return JSON.parse(String(call[1]?.body)) as Record<string, unknown>;
}

async function typeCredentials(password = 'Secret123') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Username'), 'maria_l{Enter}');
  await user.type(screen.getByLabelText('Password'), `${password}{Enter}`);
  return user;
}

describe('/sso', () => {
  it('shows the title and the default logo; Login waits for both fields; Forgot appears', async () => {
    stubJourney();
    renderRoutes(routes, '/sso?client=crm');
    // While auto-login tries the browser's session: a quiet state, no form to flash.
    expect(screen.getByRole('status')).toHaveTextContent(SIGN_IN_TEXTS.checkingSession);
    expect(screen.queryByLabelText('Username')).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: LOGIN_TITLE })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: `${PRODUCT_NAME} logo` })).toBeInTheDocument();
    const login = screen.getByRole('button', { name: 'Login' });
    expect(login).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Forgot password?' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'maria_l{Enter}');
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot',
    );
    expect(login).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(login).toBeEnabled();
  });

  it('tries auto-login once with the client and redirect, then shows the form', async () => {
    const fetchStub = stubJourney();
    renderRoutes(routes, '/sso?client=crm&redir=https%3A%2F%2Fcrm.test%2Fcallback');
    await waitFor(() => expect(bodyOf(fetchStub, '/v1/auth/autologin')).toBeTruthy());
    expect(bodyOf(fetchStub, '/v1/auth/autologin')).toEqual({
      client: 'crm',
      redirect: 'https://crm.test/callback',
    });
    const autologins = fetchStub.mock.calls.filter(([url]) =>
      String(url).includes('/v1/auth/autologin'),
    );
    expect(autologins).toHaveLength(1);
  });

  it('signs in with base64 credentials, picks a company and connects to the app', async () => {
    const go = vi.spyOn(leavePortal, 'to').mockImplementation(() => undefined);
    const fetchStub = stubJourney({ 'POST /v1/auth': { Code: '200', Msg: LOGIN } });
    renderRoutes(routes, '/sso?client=crm');
    const user = await typeCredentials();

    const body = bodyOf(fetchStub, '/v1/auth');
    expect(decodeBase64(String(body.uname))).toBe('maria_l');
    expect(decodeBase64(String(body.pass))).toBe('Secret123');
    expect(body).toMatchObject({ client: 'crm', redirect: '/' });
    expect(String(body.dcd)).not.toBe('');

    expect(await screen.findByRole('heading', { name: 'Choose a company' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Company'), 'Beta Credit');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(bodyOf(fetchStub, '/v1/auth/com')).toEqual({ com: 'beta', client: 'crm' });

    expect(await screen.findByRole('heading', { name: 'Connect to CRM' })).toBeInTheDocument();
    expect(screen.getByText('Redirecting in 3 seconds…')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue Now' }));
    expect(go).toHaveBeenCalledExactlyOnceWith(CHOICE.redirect);
  });

  it('chooses the only company by itself and redirects after the countdown', async () => {
    const go = vi.spyOn(leavePortal, 'to').mockImplementation(() => undefined);
    const fetchStub = stubJourney({
      'POST /v1/auth': { Code: '200', Msg: { ...LOGIN, companies: [LOGIN.companies[0]] } },
    });
    renderRoutes(routes, '/sso?client=crm');
    await typeCredentials();
    expect(await screen.findByRole('heading', { name: 'Connect to CRM' })).toBeInTheDocument();
    expect(bodyOf(fetchStub, '/v1/auth/com')).toEqual({ com: 'acme', client: 'crm' });
    await waitFor(() => expect(go).toHaveBeenCalledWith(CHOICE.redirect), { timeout: 4500 });
    expect(go).toHaveBeenCalledTimes(1);
  });

  it("the console's own sign-in goes straight in: no Connect page or countdown (issue 17)", async () => {
    const go = vi.spyOn(leavePortal, 'to').mockImplementation(() => undefined);
    stubJourney({
      'POST /v1/auth': { Code: '200', Msg: { ...LOGIN, companies: [LOGIN.companies[0]] } },
      'POST /v1/auth/com': {
        Code: '200',
        Msg: { ...CHOICE, app: PRODUCT_NAME, redirect: 'http://localhost/?code=c&com=acme' },
      },
    });
    renderRoutes(routes, `/sso?client=${PORTAL_CLIENT_ID}&redir=/manage/company`);
    await typeCredentials();
    await waitFor(() => expect(go).toHaveBeenCalledExactlyOnceWith('/manage/company'));
    expect(screen.queryByRole('button', { name: 'Continue Now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deny' })).toBeNull();
  });

  it("the console's own sign-in never leaves for a host a dot segment hides in redir", async () => {
    const go = vi.spyOn(leavePortal, 'to').mockImplementation(() => undefined);
    const registered = 'http://localhost/?code=c&com=acme';
    stubJourney({
      'POST /v1/auth': { Code: '200', Msg: { ...LOGIN, companies: [LOGIN.companies[0]] } },
      'POST /v1/auth/com': {
        Code: '200',
        Msg: { ...CHOICE, app: PRODUCT_NAME, redirect: registered },
      },
    });
    // "/.//evil.test" is a path on the portal's origin, but it resolves to "//evil.test".
    renderRoutes(
      routes,
      `/sso?client=${PORTAL_CLIENT_ID}&redir=${encodeURIComponent('/.//evil.test')}`,
    );
    await typeCredentials();
    await waitFor(() => expect(go).toHaveBeenCalledExactlyOnceWith(registered));
  });

  it('Deny stays on the portal', async () => {
    const go = vi.spyOn(leavePortal, 'to').mockImplementation(() => undefined);
    stubJourney({
      'POST /v1/auth': { Code: '200', Msg: { ...LOGIN, companies: [LOGIN.companies[0]] } },
    });
    renderRoutes(routes, '/sso?client=crm');
    const user = await typeCredentials();
    await user.click(await screen.findByRole('button', { name: 'Deny' }));
    expect(await screen.findByRole('heading', { name: 'Connection denied' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 3200));
    expect(go).not.toHaveBeenCalled();
  });

  it('verifies a new device with the e-mailed code, says so, then continues', async () => {
    const fetchStub = stubJourney({
      'POST /v1/auth': { Code: 'device_add', Msg: { otpref: 'ref-9' }, status: 403 },
      'POST /v1/device/verify': () => ({ Code: '200', Msg: LOGIN }),
    });
    renderRoutes(routes, '/sso?client=crm');
    const user = await typeCredentials();
    expect(await screen.findByRole('heading', { name: 'Verify this device' })).toBeInTheDocument();
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    await user.type(screen.getByLabelText('One-time code'), '12a3456');
    expect(screen.getByLabelText('One-time code')).toHaveValue('123456');
    await user.click(verify);
    expect(bodyOf(fetchStub, '/v1/device/verify')).toEqual({ refid: 'ref-9', otp: '123456' });
    expect(await screen.findByText(DEVICE_MESSAGES.verified)).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Choose a company' }, { timeout: 3000 }),
    ).toBeInTheDocument();
  });

  it('a wrong device code says so and keeps the step', async () => {
    stubJourney({
      'POST /v1/auth': { Code: 'device_add', Msg: { otpref: 'ref-9' }, status: 403 },
      'POST /v1/device/verify': { Code: 'invalid_otp', status: 400 },
    });
    renderRoutes(routes, '/sso?client=crm');
    const user = await typeCredentials();
    await user.type(await screen.findByLabelText('One-time code'), '000000{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid OTP code. Please try again.',
    );
    // The refused code is selected: the next one is typed straight over it.
    expect(screen.getByLabelText('One-time code')).toHaveFocus();
    await user.keyboard('123456');
    expect(screen.getByLabelText('One-time code')).toHaveValue('123456');
  });

  it('the only company, refused in place, can be tried again with Continue', async () => {
    const go = vi.spyOn(leavePortal, 'to').mockImplementation(() => undefined);
    let tries = 0;
    stubJourney({
      'POST /v1/auth': { Code: '200', Msg: { ...LOGIN, companies: [LOGIN.companies[0]] } },
      'POST /v1/auth/com': () => {
        tries += 1;
        // The first request never reaches the server, as when the network drops.
        if (tries === 1) throw new TypeError('Failed to fetch');
        return { Code: '200', Msg: CHOICE };
      },
    });
    renderRoutes(routes, '/sso?client=crm');
    const user = await typeCredentials();
    expect(await screen.findByRole('alert')).toHaveTextContent(SHELL_MESSAGES.networkError);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Connect to CRM' })).toBeInTheDocument();
    expect(tries).toBe(2);
    expect(go).not.toHaveBeenCalled();
  });

  it.each([
    [{ Code: 'account_failed', Msg: { retries_left: 2 }, status: 401 }, '2 attempts remaining.'],
    [{ Code: 'account_blocked', status: 403 }, LOGIN_MESSAGES.blocked],
    [{ Code: 'account_awaiting_reset', status: 403 }, LOGIN_MESSAGES.awaitingReset],
    [{ Code: 'rate_limit_exceeded', status: 429 }, LOGIN_MESSAGES.rateLimited],
    [{ Code: 'user_not_found', status: 404 }, LOGIN_MESSAGES.userNotFound],
  ])('%o shows "%s" and clears the password', async (answer, text) => {
    stubJourney({ 'POST /v1/auth': answer });
    renderRoutes(routes, '/sso?client=crm');
    await typeCredentials();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });

  it('a gate code shows its page naming the app; Continue goes back to the form', async () => {
    stubJourney({
      'POST /v1/auth': { Code: 'access_not_found', Msg: { app: 'CRM' }, status: 403 },
    });
    renderRoutes(routes, '/sso?client=crm');
    const user = await typeCredentials();
    expect(
      await screen.findByRole('heading', { name: GATE_PAGES.access_not_found.title }),
    ).toBeInTheDocument();
    expect(screen.getByText(/You do not have access to CRM\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: LOGIN_TITLE })).toBeInTheDocument();
  });

  it('anything unexpected is the Server Error page', async () => {
    stubJourney({ 'POST /v1/auth': { Code: 'server_error', status: 500 } });
    renderRoutes(routes, '/sso?client=crm');
    await typeCredentials();
    expect(
      await screen.findByRole('heading', { name: SERVER_ERROR_PAGE.title }),
    ).toBeInTheDocument();
    expect(screen.getByText(SERVER_ERROR_PAGE.text)).toBeInTheDocument();
  });

  it('an outage (unavailable) is the Server Error page, before any password', async () => {
    stubJourney({ 'GET /v1/app/iconl': { Code: 'unavailable', status: 503 } });
    renderRoutes(routes, '/sso?client=crm');
    expect(
      await screen.findByRole('heading', { name: SERVER_ERROR_PAGE.title }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('a sign-in answered unavailable shows the Server Error page', async () => {
    stubJourney({ 'POST /v1/auth': { Code: 'unavailable', status: 503 } });
    renderRoutes(routes, '/sso?client=crm');
    await typeCredentials();
    expect(
      await screen.findByRole('heading', { name: SERVER_ERROR_PAGE.title }),
    ).toBeInTheDocument();
    expect(screen.getByText(SERVER_ERROR_PAGE.text)).toBeInTheDocument();
  });

  it('an unknown client says the application is not configured, before any password', async () => {
    stubJourney({ 'GET /v1/app/iconl': { Code: 'callback_invalid', status: 400 } });
    renderRoutes(routes, '/sso?client=nobody');
    expect(
      await screen.findByRole('heading', { name: GATE_PAGES.callback_invalid.title }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it("shows the client's landing icon", async () => {
    stubJourney({ 'GET /v1/app/iconl': { Code: '200', Msg: '/v1/files/crm-large.png' } });
    renderRoutes(routes, '/sso?client=crm');
    await waitFor(() =>
      expect(screen.getByRole('img', { name: `${PRODUCT_NAME} logo` })).toHaveAttribute(
        'src',
        'http://localhost:1234/v1/files/crm-large.png',
      ),
    );
  });

  it('auto-login with a live session goes straight to the company choice', async () => {
    const fetchStub = stubJourney({ 'POST /v1/auth/autologin': { Code: '200', Msg: LOGIN } });
    renderRoutes(routes, '/sso?client=crm');
    expect(await screen.findByRole('heading', { name: 'Choose a company' })).toBeInTheDocument();
    expect(fetchStub.mock.calls.some(([url]) => new URL(String(url)).pathname === '/v1/auth')).toBe(
      false,
    );
  });

  it('an expired session offers to continue as its owner; the PIN lifts it and auto-login goes on', async () => {
    let lifted = false;
    const fetchStub = stubJourney({
      'POST /v1/auth/autologin': () =>
        lifted
          ? { Code: '200', Msg: LOGIN }
          : {
              Code: 'session_expired',
              Msg: { ...LOGIN, is_pin_enabled: true, has_pin_setup: true },
              status: 401,
            },
      'GET /v1/mfa/settings': {
        Code: '200',
        Msg: { ...LOGIN, is_pin_enabled: true, has_pin_setup: true },
      },
      'POST /v1/auth/reauth': () => {
        lifted = true;
        return { Code: '200', Msg: 'Re-authenticated' };
      },
    });
    renderRoutes(routes, '/sso?client=crm&redir=https://crm.test/home');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: continueAs('Maria Lopez') }));
    const dialog = await screen.findByRole('dialog', { name: 'Session expired' });
    const group = await within(dialog).findByRole('group', { name: 'MPIN' });
    await user.click(within(group).getByLabelText('Digit 1 of 6'));
    await user.keyboard('402719');
    expect(await screen.findByRole('heading', { name: 'Choose a company' })).toBeInTheDocument();
    expect(bodyOf(fetchStub, '/v1/auth/reauth')).toMatchObject({
      credential_type: 'mpin',
      credential_value: '402719',
      client: 'crm',
      redirect: 'https://crm.test/home',
    });
  });

  it("Go to login closes the offer's dialog and leaves the form", async () => {
    stubJourney({
      'POST /v1/auth/autologin': { Code: 'session_expired', Msg: LOGIN, status: 401 },
      'GET /v1/mfa/settings': { Code: '200', Msg: LOGIN },
    });
    renderRoutes(routes, '/sso?client=crm');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: continueAs('Maria Lopez') }));
    const dialog = await screen.findByRole('dialog', { name: 'Session expired' });
    await user.click(within(dialog).getByRole('button', { name: 'Go to login' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
  });

  it('a device verification handed over by the console starts at the code, without auto-login', async () => {
    const fetchStub = stubJourney({
      'POST /v1/device/verify': () => ({ Code: '200', Msg: LOGIN }),
    });
    // The console's dialog navigates here from another screen: the login mounts afresh.
    const { router } = renderRoutes(routes, '/forgot');
    await router.navigate('/sso?client=crm&redir=/manage/me', {
      state: { deviceOtpRef: 'ref-7' },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('One-time code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(bodyOf(fetchStub, '/v1/device/verify')).toEqual({ refid: 'ref-7', otp: '123456' });
    const autologins = fetchStub.mock.calls.filter(([url]) =>
      String(url).includes('/v1/auth/autologin'),
    );
    expect(autologins).toHaveLength(0);
  });
});
