import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import { PORTAL_CLIENT_ID, encodeBase64 } from '@portico/contracts';
import { sessionDetails } from '../../test/fixtures';
import { stubApi, type StubAnswer } from '../../test/fetch-stub';
import { renderShell } from './test-shell';

// The browser's authenticator is outside the product.
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startAuthentication: vi.fn(),
}));

const NO_MFA = {
  is_pin_enabled: false,
  is_biometrics_enabled: false,
  is_passkey_enabled: false,
  has_pin_setup: false,
  has_passkey_setup: false,
};
const PIN = { ...NO_MFA, is_pin_enabled: true, has_pin_setup: true };
const PASSKEY_AND_PIN = { ...PIN, is_passkey_enabled: true, has_passkey_setup: true };
const PERSON = { dis: 'Maria Lopez', avatar: '' };
const SSO = `/sso?client=${PORTAL_CLIENT_ID}`;
const ASSERTION = {
  id: 'Y3JlZC0x',
  rawId: 'Y3JlZC0x',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'Y2xpZW50', authenticatorData: 'YXV0aA', signature: 'c2ln' },
};

type Routes = Record<string, StubAnswer | (() => StubAnswer)>;

/**
 * A session whose details answer session_expired (with its MFA flags) until a re-authentication
 * succeeds, then 200; mfa.settings answers the same flags.
 */
function expiredSession(flags: typeof NO_MFA, routes: Routes = {}) {
  let renewed = false;
  const reauth = routes['POST /v1/auth/reauth'];
  const fetchStub = stubApi({
    'GET /v1/auth/details': () =>
      renewed
        ? { Code: '200', Msg: sessionDetails(flags) }
        : { Code: 'session_expired', Msg: { ...PERSON, ...flags }, status: 401 },
    'GET /v1/ses/com/ret': { Code: '200', Msg: { companies: [] } },
    'GET /v1/mfa/settings': { Code: '200', Msg: { ...flags, ...PERSON } },
    ...routes,
    'POST /v1/auth/reauth': () => {
      const answer = typeof reauth === 'function' ? reauth() : (reauth ?? { Code: '200' });
      if (answer.Code === '200') renewed = true;
      return answer;
    },
  });
  return fetchStub;
}

function bodiesOf(fetchStub: ReturnType<typeof stubApi>, path: string): unknown[] {
  return fetchStub.mock.calls
    .filter(([url]) => new URL(String(url)).pathname === path)
    .map(([, init]) => JSON.parse(String(init?.body)));
}

async function openDialog() {
  return screen.findByRole('dialog', { name: 'Session expired' });
}

beforeEach(() => {
  vi.mocked(browserSupportsWebAuthn).mockReturnValue(true);
  vi.mocked(startAuthentication).mockReset();
});

describe('session-expired dialog: the method', () => {
  it('preselects the passkey when it is on, registered and the browser supports it', async () => {
    expiredSession(PASSKEY_AND_PIN);
    renderShell();
    const dialog = await openDialog();
    const methods = await within(dialog).findByRole('group', { name: 'Sign in with' });
    expect(within(methods).getByRole('button', { name: 'Passkey' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(methods).getByRole('button', { name: 'MPIN' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(within(methods).getByRole('button', { name: 'Password' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Use passkey' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Maria Lopez');
    expect(within(dialog).getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', SSO);
  });

  it('preselects the MPIN when the browser cannot use passkeys, and offers no passkey', async () => {
    vi.mocked(browserSupportsWebAuthn).mockReturnValue(false);
    expiredSession(PASSKEY_AND_PIN);
    renderShell();
    const dialog = await openDialog();
    const methods = await within(dialog).findByRole('group', { name: 'Sign in with' });
    expect(within(methods).getByRole('button', { name: 'MPIN' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(methods).queryByRole('button', { name: 'Passkey' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'MPIN' })).toBeInTheDocument();
  });

  it('asks for the password alone when no other method is on', async () => {
    expiredSession(NO_MFA);
    renderShell();
    const dialog = await openDialog();
    expect(await within(dialog).findByLabelText('Password')).toHaveFocus();
    expect(within(dialog).queryByRole('group', { name: 'Sign in with' })).not.toBeInTheDocument();
  });

  it('lets the user switch to the password', async () => {
    const user = userEvent.setup();
    expiredSession(PASSKEY_AND_PIN);
    renderShell();
    const dialog = await openDialog();
    await user.click(await within(dialog).findByRole('button', { name: 'Password' }));
    expect(within(dialog).getByLabelText('Password')).toHaveFocus();
    expect(within(dialog).queryByRole('button', { name: 'Use passkey' })).not.toBeInTheDocument();
  });
});

describe('session-expired dialog: password', () => {
  it('asks for the credentials, then says how many attempts remain after a wrong one', async () => {
    const user = userEvent.setup();
    const fetchStub = expiredSession(NO_MFA, {
      'POST /v1/auth/reauth': { Code: 'account_failed', Msg: { retries_left: 2 }, status: 401 },
    });
    renderShell();
    const dialog = await openDialog();
    await user.click(await within(dialog).findByRole('button', { name: 'Sign in' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter your credentials.');
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(bodiesOf(fetchStub, '/v1/auth/reauth')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Password'), 'Wrong-pass1{Enter}');
    expect(await within(dialog).findByText('2 attempts remaining.')).toBeInTheDocument();
    expect(bodiesOf(fetchStub, '/v1/auth/reauth')).toEqual([
      {
        credential_type: 'password',
        credential_value: encodeBase64('Wrong-pass1'),
        client: PORTAL_CLIENT_ID,
        redirect: '/manage/me?tab=1',
        dcd: expect.any(String),
      },
    ]);
    expect(screen.getByRole('dialog', { name: 'Session expired' })).toBeInTheDocument();
  });

  it('closes on success and leaves the page as it was', async () => {
    const user = userEvent.setup();
    let detailsCalls = 0;
    const fetchStub = stubApi({
      'GET /v1/auth/details': () => (++detailsCalls, { Code: '200', Msg: sessionDetails() }),
      'GET /v1/ses/com/ret': { Code: '200', Msg: { companies: [] } },
      // The page's save finds the session idle.
      'POST /v1/user/update': { Code: 'session_expired', Msg: PERSON, status: 401 },
      'GET /v1/mfa/settings': { Code: '200', Msg: { ...NO_MFA, ...PERSON } },
      'POST /v1/auth/reauth': { Code: '200', Msg: 'Re-authenticated' },
    });
    const { router } = renderShell();
    await user.type(await screen.findByLabelText('Draft'), 'half-written note');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await openDialog();

    await user.type(await within(dialog).findByLabelText('Password'), 'Right-pass1');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Session expired' })).not.toBeInTheDocument(),
    );
    expect(screen.getByLabelText('Draft')).toHaveValue('half-written note');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/manage/me?tab=1',
    );
    // What the shell shows was loaded again on the renewed session.
    expect(detailsCalls).toBe(2);
    expect(bodiesOf(fetchStub, '/v1/auth/reauth')).toHaveLength(1);
  });

  it('says so when the network fails', async () => {
    const user = userEvent.setup();
    expiredSession(NO_MFA, {
      'POST /v1/auth/reauth': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderShell();
    const dialog = await openDialog();
    await user.type(await within(dialog).findByLabelText('Password'), 'Right-pass1{Enter}');
    expect(
      await within(dialog).findByText('Network error during reauthentication.'),
    ).toBeInTheDocument();
  });

  it('shows the blocked text and leaves only the way to the login', async () => {
    const user = userEvent.setup();
    expiredSession(NO_MFA, {
      'POST /v1/auth/reauth': { Code: 'account_blocked', status: 403 },
    });
    renderShell();
    const dialog = await openDialog();
    await user.type(await within(dialog).findByLabelText('Password'), 'Right-pass1{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Your account is blocked. Please contact your Administrator.',
    );
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', SSO);
  });
});

describe('session-expired dialog: another browser', () => {
  it('hands device_add to the login, which asks for the e-mailed code', async () => {
    expiredSession(NO_MFA, {
      'POST /v1/auth/reauth': { Code: 'device_add', Msg: { otpref: 'ref-1' }, status: 400 },
    });
    const user = userEvent.setup();
    const { router } = renderShell();
    const dialog = await openDialog();
    await user.type(await within(dialog).findByLabelText('Password'), 'Right-pass1{Enter}');
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    const { pathname, search, state } = router.state.location;
    expect(pathname).toBe('/sso');
    expect(new URLSearchParams(search).get('redir')).toBe('/manage/me?tab=1');
    expect(state).toEqual({ deviceOtpRef: 'ref-1' });
  });
});

describe('session-expired dialog: MPIN', () => {
  it('needs six digits, sends them as typed, and shows the attempts left', async () => {
    const user = userEvent.setup();
    const fetchStub = expiredSession(PIN, {
      'POST /v1/auth/reauth': { Code: 'invalid_pin', Msg: { retries_left: 3 }, status: 401 },
    });
    renderShell();
    const dialog = await openDialog();
    const group = await within(dialog).findByRole('group', { name: 'MPIN' });
    expect(within(group).getByLabelText('Digit 1 of 6')).toHaveFocus();

    await user.keyboard('123');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('MPIN must be 6 digits.');
    expect(bodiesOf(fetchStub, '/v1/auth/reauth')).toHaveLength(0);

    await user.click(within(group).getByLabelText('Digit 4 of 6'));
    await user.keyboard('456');
    expect(await within(dialog).findByText('3 attempts remaining.')).toBeInTheDocument();
    expect(bodiesOf(fetchStub, '/v1/auth/reauth')).toEqual([
      {
        credential_type: 'mpin',
        credential_value: '123456',
        client: PORTAL_CLIENT_ID,
        redirect: '/manage/me?tab=1',
        dcd: expect.any(String),
      },
    ]);
  });

  it('closes once the MPIN is right and the session comes back', async () => {
    const user = userEvent.setup();
    expiredSession(PIN);
    renderShell();
    const dialog = await openDialog();
    await within(dialog).findByRole('group', { name: 'MPIN' });
    await user.keyboard('802413');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Session expired' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Account menu of Maria Lopez' })).toBeInTheDocument();
  });
});

describe('session-expired dialog: passkey', () => {
  it('gets a challenge, runs the authenticator and sends its assertion', async () => {
    const user = userEvent.setup();
    const options = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required' };
    vi.mocked(startAuthentication).mockResolvedValue(
      ASSERTION as Awaited<ReturnType<typeof startAuthentication>>,
    );
    const fetchStub = expiredSession(PASSKEY_AND_PIN, {
      'POST /v1/passkey/auth/options': { Code: '200', Msg: options },
    });
    renderShell();
    const dialog = await openDialog();
    await user.click(await within(dialog).findByRole('button', { name: 'Use passkey' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Session expired' })).not.toBeInTheDocument(),
    );
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: options });
    const paths = fetchStub.mock.calls.map(([url]) => new URL(String(url)).pathname);
    expect(paths.indexOf('/v1/passkey/auth/options')).toBeLessThan(
      paths.indexOf('/v1/auth/reauth'),
    );
    expect(bodiesOf(fetchStub, '/v1/auth/reauth')).toEqual([
      {
        credential_type: 'passkey',
        credential_value: ASSERTION,
        client: PORTAL_CLIENT_ID,
        redirect: '/manage/me?tab=1',
        dcd: expect.any(String),
      },
    ]);
  });

  it('says the passkey could not be verified when the user cancels it', async () => {
    const user = userEvent.setup();
    vi.mocked(startAuthentication).mockRejectedValue(
      Object.assign(new Error('The operation was cancelled.'), { name: 'NotAllowedError' }),
    );
    const fetchStub = expiredSession(PASSKEY_AND_PIN, {
      'POST /v1/passkey/auth/options': { Code: '200', Msg: { challenge: 'Y2hhbGxlbmdl' } },
    });
    renderShell();
    const dialog = await openDialog();
    await user.click(await within(dialog).findByRole('button', { name: 'Use passkey' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The passkey could not be verified. Please try again.',
    );
    expect(bodiesOf(fetchStub, '/v1/auth/reauth')).toHaveLength(0);
    expect(within(dialog).getByRole('button', { name: 'Use passkey' })).toBeEnabled();
  });
});
