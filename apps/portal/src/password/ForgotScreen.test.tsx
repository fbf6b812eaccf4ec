import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router-dom';
import { FORGOT_MESSAGES, RESET_MESSAGES } from '@portico/contracts';
import { stubApi } from '../test/fetch-stub';
import { renderRoutes } from '../test/render';
import { ForgotScreen } from './ForgotScreen';

const routes: RouteObject[] = [
  { path: '/forgot', element: <ForgotScreen /> },
  { path: '/sso', element: <p>login page</p> },
];

describe('ForgotScreen', () => {
  it('enables Send Reset Link only once the field is filled', async () => {
    const fetchStub = stubApi({});
    const user = userEvent.setup();
    renderRoutes(routes, '/forgot');
    expect(screen.getByRole('heading', { name: FORGOT_MESSAGES.title })).toBeInTheDocument();
    const field = screen.getByLabelText('Username or Email');
    expect(field).toHaveAttribute('autocomplete', 'username');
    const button = screen.getByRole('button', { name: 'Send Reset Link' });
    expect(button).toBeDisabled();
    await user.type(field, '   ');
    expect(button).toBeDisabled();
    await user.type(field, '{Enter}');
    expect(fetchStub).not.toHaveBeenCalled();
    await user.type(field, 'maria');
    expect(button).toBeEnabled();
  });

  it('sends the username or e-mail and shows Reset link sent!', async () => {
    const fetchStub = stubApi({ 'POST /v1/forgot/request': { Code: '200', Msg: 'ok' } });
    const user = userEvent.setup();
    renderRoutes(routes, '/forgot');
    await user.type(screen.getByLabelText('Username or Email'), ' maria@bank.example {Enter}');
    expect(
      await screen.findByRole('heading', { name: FORGOT_MESSAGES.successTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText(FORGOT_MESSAGES.successText)).toBeInTheDocument();
    expect(JSON.parse(String(fetchStub.mock.calls[0]?.[1]?.body))).toEqual({
      email: 'maria@bank.example',
    });
  });

  it('disables the button while the request is on its way', async () => {
    const fetchStub = stubApi({});
    let answer: (response: Response) => void = () => undefined;
    fetchStub.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderRoutes(routes, '/forgot');
    await user.type(screen.getByLabelText('Username or Email'), 'maria');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeDisabled();
    await user.type(screen.getByLabelText('Username or Email'), '{Enter}');
    expect(fetchStub).toHaveBeenCalledTimes(1);
    answer(new Response(JSON.stringify({ Code: '200', Msg: '' })));
    expect(
      await screen.findByRole('heading', { name: FORGOT_MESSAGES.successTitle }),
    ).toBeInTheDocument();
  });

  it.each([
    ['user_not_found', FORGOT_MESSAGES.userNotFound],
    ['account_blocked', FORGOT_MESSAGES.blocked],
    ['mail_failed', FORGOT_MESSAGES.other],
    ['rate_limit_exceeded', FORGOT_MESSAGES.other],
  ])('says why no link was sent (%s) and keeps the form', async (code, text) => {
    stubApi({ 'POST /v1/forgot/request': { Code: code, status: 400 } });
    const user = userEvent.setup();
    renderRoutes(routes, '/forgot');
    await user.type(screen.getByLabelText('Username or Email'), 'maria{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeEnabled();
  });

  it.each([
    ['forgot_expired', RESET_MESSAGES.expired],
    ['forgot_used', RESET_MESSAGES.used],
    ['forgot_invalid', RESET_MESSAGES.invalid],
  ])('explains an unusable reset link it was sent from (%s)', async (code, text) => {
    stubApi({});
    const { router } = renderRoutes(routes, '/sso');
    await router.navigate('/forgot', { state: { resetFailure: code } });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: FORGOT_MESSAGES.title })).toBeInTheDocument();
  });
});
