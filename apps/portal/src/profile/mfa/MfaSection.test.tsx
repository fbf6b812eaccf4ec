import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ACCOUNT_MESSAGES,
  MFA_MESSAGES,
  MPIN_MESSAGES,
  PROFILE_TEXTS,
  encodeBase64,
} from '@portico/contracts';
import { stubApi, type StubAnswer } from '../../test/fetch-stub';
import { sessionDetails } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { MfaSection } from './MfaSection';

vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startRegistration: vi.fn(),
}));

const T = PROFILE_TEXTS;
const FLAGS = {
  is_pin_enabled: false,
  is_biometrics_enabled: false,
  is_passkey_enabled: false,
  has_pin_setup: false,
  has_passkey_setup: false,
};

function setup(routes: Record<string, StubAnswer | (() => StubAnswer)> = {}, flags = FLAGS) {
  return stubApi({
    'GET /v1/mfa/settings': { Code: '200', Msg: flags },
    'GET /v1/auth/details': { Code: '200', Msg: sessionDetails() },
    'POST /v1/mfa/password/check': { Code: '200', Msg: 'Password confirmed' },
    ...routes,
  });
}

function bodyOf(fetchStub: ReturnType<typeof stubApi>, path: string): unknown {
  const call = fetchStub.mock.calls.find(([input]) => String(input).endsWith(path));
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

describe('MPIN setup', () => {
  it('asks for the password, then the MPIN twice; a mismatch starts again', async () => {
    const fetchStub = setup({ 'POST /v1/mfa/pin/set': { Code: '200' } });
    renderWithProviders(<MfaSection />);
    await userEvent.click(await screen.findByRole('button', { name: T.setMpin }));
    const dialog = await screen.findByRole('dialog', { name: T.setMpin });

    await userEvent.click(within(dialog).getByRole('button', { name: T.continue }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      ACCOUNT_MESSAGES.confirmDialogRequired,
    );
    await userEvent.type(within(dialog).getByLabelText(T.password), 'Secret-1');
    await userEvent.click(within(dialog).getByRole('button', { name: T.continue }));

    expect(await within(dialog).findByText(T.newMpin)).toBeVisible();
    await userEvent.keyboard('402719');
    expect(within(dialog).getByText(T.repeatMpin)).toBeVisible();
    await userEvent.keyboard('402718');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MPIN_MESSAGES.mismatch);
    expect(within(dialog).getByText(T.newMpin)).toBeVisible();

    await userEvent.keyboard('402719');
    await userEvent.keyboard('402719');
    expect(await screen.findByText(MPIN_MESSAGES.success)).toBeVisible();
    expect(bodyOf(fetchStub, '/v1/mfa/pin/set')).toEqual({
      pin: '402719',
      password: encodeBase64('Secret-1'),
    });
  });

  it('checks the password before the MPIN is typed: a wrong one is said at once', async () => {
    const fetchStub = setup({
      'POST /v1/mfa/password/check': { Code: 'invalid_credentials', status: 401 },
    });
    renderWithProviders(<MfaSection />);
    await userEvent.click(await screen.findByRole('button', { name: T.setMpin }));
    const dialog = await screen.findByRole('dialog', { name: T.setMpin });
    await userEvent.type(within(dialog).getByLabelText(T.password), 'Wrong-1{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      MPIN_MESSAGES.invalidCredentials,
    );
    expect(within(dialog).queryByText(T.newMpin)).toBeNull();
    expect(within(dialog).getByLabelText(T.password)).toHaveValue('');
    expect(bodyOf(fetchStub, '/v1/mfa/password/check')).toEqual({
      password: encodeBase64('Wrong-1'),
    });
    expect(bodyOf(fetchStub, '/v1/mfa/pin/set')).toBeUndefined();
  });

  it('goes back to the password when the server refuses it with the PIN', async () => {
    setup({ 'POST /v1/mfa/pin/set': { Code: 'invalid_credentials', status: 401 } });
    renderWithProviders(<MfaSection />);
    await userEvent.click(await screen.findByRole('button', { name: T.setMpin }));
    const dialog = await screen.findByRole('dialog', { name: T.setMpin });
    await userEvent.type(within(dialog).getByLabelText(T.password), 'Secret-1{Enter}');
    await within(dialog).findByText(T.newMpin);
    await userEvent.keyboard('402719402719');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      MPIN_MESSAGES.invalidCredentials,
    );
    expect(within(dialog).getByLabelText(T.password)).toHaveValue('');
  });

  it('says "Failed to set MPIN." on any other failure', async () => {
    setup({ 'POST /v1/mfa/pin/set': { Code: 'rate_limit_exceeded', status: 429 } });
    renderWithProviders(<MfaSection />);
    await userEvent.click(await screen.findByRole('button', { name: T.setMpin }));
    const dialog = await screen.findByRole('dialog', { name: T.setMpin });
    await userEvent.type(within(dialog).getByLabelText(T.password), 'Secret-1{Enter}');
    await within(dialog).findByText(T.newMpin);
    await userEvent.keyboard('402719402719');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MPIN_MESSAGES.other);
  });
});

describe('MFA toggles', () => {
  it('cannot turn PIN on before an MPIN exists', async () => {
    setup();
    renderWithProviders(<MfaSection />);
    expect(await screen.findByRole('switch', { name: T.pinToggle })).toBeDisabled();
    expect(screen.getByText(MFA_MESSAGES.pinNotSetUp)).toBeVisible();
  });

  it('turns PIN on behind the password and says so', async () => {
    const fetchStub = setup(
      {
        'POST /v1/mfa/settings/update': {
          Code: '200',
          Msg: { ...FLAGS, has_pin_setup: true, is_pin_enabled: true },
        },
      },
      { ...FLAGS, has_pin_setup: true },
    );
    renderWithProviders(<MfaSection />);
    await userEvent.click(await screen.findByRole('switch', { name: T.pinToggle }));
    const dialog = await screen.findByRole('dialog', { name: T.passwordTitle });
    await userEvent.type(within(dialog).getByLabelText(T.password), 'Secret-1{Enter}');
    expect(await screen.findByText(MFA_MESSAGES.success)).toBeVisible();
    expect(bodyOf(fetchStub, '/v1/mfa/settings/update')).toEqual({
      enable_pin: true,
      password: encodeBase64('Secret-1'),
    });
  });

  it("shows the server message, else section 8's text, never a bare code", async () => {
    let code = 'invalid_credentials';
    let msg: unknown = 'Invalid credentials.';
    setup(
      {
        'POST /v1/mfa/settings/update': () => ({ Code: code, Msg: msg, status: 401 }),
      },
      { ...FLAGS, has_pin_setup: true },
    );
    renderWithProviders(<MfaSection />);
    await userEvent.click(await screen.findByRole('switch', { name: T.pinToggle }));
    const dialog = await screen.findByRole('dialog', { name: T.passwordTitle });
    await userEvent.type(within(dialog).getByLabelText(T.password), 'Secret-1{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invalid credentials.');
    // What the API sends for a wrong password: the code itself as Msg.
    msg = 'invalid_credentials';
    await userEvent.type(within(dialog).getByLabelText(T.password), 'Secret-1{Enter}');
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(MPIN_MESSAGES.invalidCredentials),
    );
    expect(within(dialog).getByRole('alert')).not.toHaveTextContent('invalid_credentials');
    code = 'server_error';
    msg = { fields: {} };
    await userEvent.type(within(dialog).getByLabelText(T.password), 'Secret-1{Enter}');
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(MFA_MESSAGES.failure),
    );
  });
});
