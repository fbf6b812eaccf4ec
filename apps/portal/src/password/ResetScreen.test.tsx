import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router-dom';
import {
  ACCOUNT_MESSAGES,
  CONFIRM_MESSAGES,
  FORGOT_MESSAGES,
  CODES,
  RESET_MESSAGES,
  encodeBase64,
  passwordMaxMessage,
} from '@portico/contracts';
import { stubApi } from '../test/fetch-stub';
import { renderRoutes } from '../test/render';
import { ForgotScreen } from './ForgotScreen';
import { ResetScreen } from './ResetScreen';

const routes: RouteObject[] = [
  { path: '/', element: <p>start page</p> },
  { path: '/reset', element: <ResetScreen /> },
  { path: '/forgot', element: <ForgotScreen /> },
];

const VALID = { 'POST /v1/forgot/validate': { Code: '200', Msg: 'ok' } };

async function fillForm(user: ReturnType<typeof userEvent.setup>, confirm = 'Newpass1') {
  await user.type(await screen.findByLabelText('Username'), 'maria_l');
  await user.type(screen.getByLabelText('New Password'), 'Newpass1');
  await user.type(screen.getByLabelText('Confirm New Password'), confirm);
}

describe('ResetScreen', () => {
  it('sends a link without a code to /forgot as an invalid link', async () => {
    const fetchStub = stubApi({});
    const { router } = renderRoutes(routes, '/reset');
    expect(await screen.findByText(RESET_MESSAGES.invalid)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot');
    expect(screen.getByRole('heading', { name: FORGOT_MESSAGES.title })).toBeInTheDocument();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it.each([
    ['forgot_expired', RESET_MESSAGES.expired],
    ['forgot_used', RESET_MESSAGES.used],
    ['forgot_invalid', RESET_MESSAGES.invalid],
    ['incomplete_param', RESET_MESSAGES.invalid],
  ])('sends a link that fails validation (%s) to /forgot, which says why', async (code, text) => {
    const fetchStub = stubApi({ 'POST /v1/forgot/validate': { Code: code, status: 400 } });
    const { router } = renderRoutes(routes, '/reset?code=abc');
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot');
    expect(JSON.parse(String(fetchStub.mock.calls[0]?.[1]?.body))).toEqual({ code: 'abc' });
  });

  it('stays on a link it could not check and offers to try again', async () => {
    const fetchStub = stubApi(VALID);
    fetchStub.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/reset?code=abc');
    expect(await screen.findByText(RESET_MESSAGES.other)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reset');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByLabelText('New Password')).toBeInTheDocument();
  });

  it('shows the form of a valid link with labelled, autocompleting fields', async () => {
    stubApi(VALID);
    renderRoutes(routes, '/reset?code=abc');
    expect(await screen.findByLabelText('Username')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.getByLabelText('New Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Confirm New Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeEnabled();
  });

  it('checks every field on submit and a field on blur', async () => {
    const fetchStub = stubApi(VALID);
    const user = userEvent.setup();
    renderRoutes(routes, '/reset?code=abc');
    await user.type(await screen.findByLabelText('New Password'), 'lowercase1');
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.passwordUppercase);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      ACCOUNT_MESSAGES.usernameRequired,
      ACCOUNT_MESSAGES.passwordUppercase,
      CONFIRM_MESSAGES.required,
    ]);
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it('refuses a confirmation that does not match', async () => {
    const fetchStub = stubApi(VALID);
    const user = userEvent.setup();
    renderRoutes(routes, '/reset?code=abc');
    await fillForm(user, 'Newpass2');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByRole('alert')).toHaveTextContent(CONFIRM_MESSAGES.mismatch);
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it('sets the password (base64) and offers Go to Login to /', async () => {
    const fetchStub = stubApi({
      ...VALID,
      'POST /v1/forgot/update': { Code: '200', Msg: 'ok' },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/reset?code=abc');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(
      await screen.findByRole('heading', { name: RESET_MESSAGES.success }),
    ).toBeInTheDocument();
    expect(JSON.parse(String(fetchStub.mock.calls[1]?.[1]?.body))).toEqual({
      code: 'abc',
      pass: encodeBase64('Newpass1'),
      username: 'maria_l',
    });
    await user.click(screen.getByRole('button', { name: 'Go to Login' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    ['forgot_expired', RESET_MESSAGES.expired, true],
    ['forgot_used', RESET_MESSAGES.used, true],
    ['forgot_invalid', RESET_MESSAGES.invalid, false],
    ['user_not_found', RESET_MESSAGES.other, false],
    ['password_too_common', CODES.password_too_common.text, false],
    ['password_reused', CODES.password_reused.text, false],
  ])('says why the password was not set (%s)', async (code, text, offersNewLink) => {
    stubApi({ ...VALID, 'POST /v1/forgot/update': { Code: code, status: 400 } });
    const user = userEvent.setup();
    renderRoutes(routes, '/reset?code=abc');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    const link = screen.queryByRole('link', { name: 'Request a new reset link' });
    expect(link !== null).toBe(offersNewLink);
  });

  it("checks the server's password maximum, not a fixed one", async () => {
    const fetchStub = stubApi({
      ...VALID,
      'GET /v1/password/policy': { Code: '200', Msg: { min: 6, max: 50, blocklist: true } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/reset?code=abc');
    const long = `Ab1${'q'.repeat(48)}`;
    await user.type(await screen.findByLabelText('Username'), 'maria_l');
    await user.type(screen.getByLabelText('New Password'), long);
    await user.type(screen.getByLabelText('Confirm New Password'), long);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(passwordMaxMessage(50))).toBeInTheDocument();
    expect(
      fetchStub.mock.calls
        .filter(([, init]) => init?.method === 'POST')
        .map(([url]) => String(url)),
    ).toEqual([expect.stringContaining('/v1/forgot/validate')]);
  });
});
