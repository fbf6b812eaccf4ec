import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router-dom';
import {
  ACCOUNT_MESSAGES,
  CONFIRM_MESSAGES,
  INVITE_MESSAGES,
  REGISTER_MESSAGES,
  encodeBase64,
} from '@portico/contracts';
import { stubApi } from '../test/fetch-stub';
import { renderRoutes } from '../test/render';
import { RegisterScreen } from './RegisterScreen';

const routes: RouteObject[] = [
  { path: '/reg', element: <RegisterScreen /> },
  { path: '/sso', element: <p>login page</p> },
];

const INVITED = '/reg?code=inv-123&email=maria%40bank.example';

async function fillForm(user: ReturnType<typeof userEvent.setup>, confirm = 'Secret12') {
  await user.type(screen.getByLabelText('Display Name'), '  Maria Lopez ');
  await user.type(screen.getByLabelText('Phone'), '+1 555 123 4567');
  await user.type(screen.getByLabelText('Username'), 'maria_l');
  await user.type(screen.getByLabelText('Password'), 'Secret12');
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
}

function sentBody(fetchStub: ReturnType<typeof stubApi>, index = 0) {
  const init = fetchStub.mock.calls[index]?.[1];
  return JSON.parse(String(init?.body)) as Record<string, unknown>;
}

describe('RegisterScreen', () => {
  it('explains that registration needs an invitation when the link has none', async () => {
    const fetchStub = stubApi({});
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/reg');
    expect(screen.getByRole('heading', { name: REGISTER_MESSAGES.title })).toBeInTheDocument();
    expect(screen.getByText(/registration is by invitation only/i)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(router.state.location.pathname).toBe('/sso');
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('treats a link with a code but no valid e-mail as no invitation', () => {
    stubApi({});
    renderRoutes(routes, '/reg?code=inv-123&email=not-an-address');
    expect(screen.getByText(/registration is by invitation only/i)).toBeInTheDocument();
  });

  it('says an invitation found already accepted cannot register again', async () => {
    stubApi({});
    const { router } = renderRoutes(routes, '/sso');
    await router.navigate(INVITED, { state: { inviteAccepted: true } });
    expect(
      await screen.findByRole('heading', { name: INVITE_MESSAGES.acceptedTitle }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
  });

  it('shows the Register User form with labelled, autocompleting fields', () => {
    stubApi({});
    renderRoutes(routes, INVITED);
    expect(screen.getByRole('heading', { name: REGISTER_MESSAGES.title })).toBeInTheDocument();
    // The invitation's address, shown whole and not editable.
    expect(screen.getByLabelText('Email')).toHaveTextContent('maria@bank.example');
    expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Display Name')).toHaveAttribute('autocomplete', 'name');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('autocomplete', 'tel');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('Username')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute(
      'autocomplete',
      'new-password',
    );
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
  });

  it('checks a field on blur and clears its message when it is edited', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderRoutes(routes, INVITED);
    await user.type(screen.getByLabelText('Phone'), '12-34');
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.phoneMin);
    await user.type(screen.getByLabelText('Phone'), '5');
    expect(screen.queryByText(ACCOUNT_MESSAGES.phoneMin)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Username'), '9lives');
    await user.tab();
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(
      ACCOUNT_MESSAGES.usernameFormat,
    );
  });

  it('checks every field on submit and sends nothing while any fails', async () => {
    const fetchStub = stubApi({});
    const user = userEvent.setup();
    renderRoutes(routes, INVITED);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const messages = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(messages).toEqual([
      ACCOUNT_MESSAGES.displayNameRequired,
      ACCOUNT_MESSAGES.phoneRequired,
      ACCOUNT_MESSAGES.usernameRequired,
      ACCOUNT_MESSAGES.passwordRequired,
      CONFIRM_MESSAGES.required,
    ]);
    expect(screen.getByLabelText('Display Name')).toHaveFocus();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('refuses a confirmation that does not match the password', async () => {
    const fetchStub = stubApi({});
    const user = userEvent.setup();
    renderRoutes(routes, INVITED);
    await fillForm(user, 'Secret13');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByRole('alert')).toHaveTextContent(CONFIRM_MESSAGES.mismatch);
    expect(screen.getByLabelText('Confirm Password')).toHaveFocus();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('sends the credentials in base64 with the invitation, then shows Registration Success', async () => {
    const fetchStub = stubApi({ 'POST /v1/register': { Code: '200', Msg: 'ok' } });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, INVITED);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(
      await screen.findByRole('heading', { name: REGISTER_MESSAGES.successTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText(REGISTER_MESSAGES.successText)).toBeInTheDocument();
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(sentBody(fetchStub)).toEqual({
      uname: encodeBase64('maria_l'),
      pass: encodeBase64('Secret12'),
      mobile: encodeBase64('+1 555 123 4567'),
      email: encodeBase64('maria@bank.example'),
      displayName: 'Maria Lopez',
      access: 'inv-123',
    });
    expect(sentBody(fetchStub).pass).toBe('U2VjcmV0MTI=');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(router.state.location.pathname).toBe('/sso');
  });

  it('disables Register while the request is on its way', async () => {
    const fetchStub = stubApi({});
    let answer: (response: Response) => void = () => undefined;
    fetchStub.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderRoutes(routes, INVITED);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const button = screen.getByRole('button', { name: 'Register' });
    expect(button).toBeDisabled();
    await user.click(button);
    await user.type(screen.getByLabelText('Confirm Password'), '{Enter}');
    expect(fetchStub).toHaveBeenCalledTimes(1);
    answer(new Response(JSON.stringify({ Code: '200', Msg: '' })));
    expect(
      await screen.findByRole('heading', { name: REGISTER_MESSAGES.successTitle }),
    ).toBeInTheDocument();
  });

  it.each([
    ['user_already_enrolled', REGISTER_MESSAGES.usernameTaken],
    ['email_already_inuse', REGISTER_MESSAGES.emailInUse],
    ['verified', REGISTER_MESSAGES.inviteExpired],
    ['invite_expired', REGISTER_MESSAGES.inviteExpired],
    ['access_not_found', REGISTER_MESSAGES.other],
  ])('shows Registration Failed for %s and goes back to the filled form', async (code, text) => {
    stubApi({ 'POST /v1/register': { Code: code, status: 409 } });
    const user = userEvent.setup();
    renderRoutes(routes, INVITED);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const status = await screen.findByRole('status');
    expect(
      within(status).getByRole('heading', { name: REGISTER_MESSAGES.failureTitle }),
    ).toBeInTheDocument();
    expect(within(status).getByText(text)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByLabelText('Username')).toHaveValue('maria_l');
  });
});
