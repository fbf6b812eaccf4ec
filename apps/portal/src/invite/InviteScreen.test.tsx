import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router-dom';
import {
  INVITE_MESSAGES,
  PRODUCT_NAME,
  inviteAcceptedText,
  inviteDeclinedText,
  inviteText,
  REGISTER_MESSAGES,
} from '@portico/contracts';
import { RegisterScreen } from '../register/RegisterScreen';
import { stubApi } from '../test/fetch-stub';
import { renderRoutes } from '../test/render';
import { InviteScreen } from './InviteScreen';

const routes: RouteObject[] = [
  { path: '/invite', element: <InviteScreen /> },
  { path: '/reg', element: <RegisterScreen /> },
  { path: '/sso', element: <p>login page</p> },
];

const LINK = '/invite?code=inv-123&email=maria%40bank.example';

function details(app = { id: 'global', name: 'Company' }) {
  return {
    Code: '200',
    Msg: {
      com: { id: 'acme', name: 'Acme Bank' },
      app,
      roles: [
        { id: 'global.admin', name: 'Admin' },
        { id: 'global.teller', name: 'Teller' },
      ],
      access: 'inv-123',
      email: 'maria@bank.example',
      status: 'pending',
      registered: true,
    },
  };
}

describe('InviteScreen', () => {
  it('asks for the invitation by code and e-mail and shows what it grants company-wide', async () => {
    const fetchStub = stubApi({ 'GET /v1/invite/details': details() });
    renderRoutes(routes, LINK);
    const text = inviteText('Acme Bank', ['Admin', 'Teller']);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(text).toBe('Acme Bank invited you to role(s) Admin, Teller');
    const url = new URL(String(fetchStub.mock.calls[0]?.[0]));
    expect(url.searchParams.get('code')).toBe('inv-123');
    expect(url.searchParams.get('email')).toBe('maria@bank.example');
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeEnabled();
  });

  it('names the application when the invitation is not company-wide', async () => {
    stubApi({ 'GET /v1/invite/details': details({ id: 'pay', name: 'Payments' }) });
    renderRoutes(routes, LINK);
    expect(
      await screen.findByText('Acme Bank invited you to role(s) Admin, Teller to Payments'),
    ).toBeInTheDocument();
  });

  it("lists the company's other applications this one acceptance includes (issue 17)", async () => {
    const answer = details({ id: 'pay', name: 'Payments' });
    stubApi({
      'GET /v1/invite/details': {
        ...answer,
        Msg: {
          ...answer.Msg,
          also: [
            { app: { id: 'loans', name: 'Loans' }, roles: [{ id: 'officer', name: 'Officer' }] },
            { app: { id: 'global', name: 'Company' }, roles: [{ id: 'admin', name: 'Admin' }] },
          ],
        },
      },
    });
    renderRoutes(routes, LINK);
    expect(
      await screen.findByText('Acme Bank invited you to role(s) Admin, Teller to Payments'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Acme Bank invited you to role(s) Officer to Loans'),
    ).toBeInTheDocument();
    expect(screen.getByText('Acme Bank invited you to role(s) Admin')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Accept' })).toHaveLength(1);
  });

  it('accepts with the access code and e-mail and shows Invite Accepted', async () => {
    const fetchStub = stubApi({
      'GET /v1/invite/details': details(),
      'POST /v1/invite/accept': { Code: '200', Msg: { registered: true } },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, LINK);
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(
      await screen.findByRole('heading', { name: INVITE_MESSAGES.acceptedTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText(inviteAcceptedText('Acme Bank'))).toBeInTheDocument();
    expect(JSON.parse(String(fetchStub.mock.calls[1]?.[1]?.body))).toEqual({
      access_code: 'inv-123',
      email: 'maria@bank.example',
    });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(router.state.location.pathname).toBe('/sso');
  });

  it('goes on to the registration form when the invitee has no account yet', async () => {
    stubApi({
      'GET /v1/invite/details': details(),
      'POST /v1/invite/accept': { Code: '200', Msg: { registered: false } },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, LINK);
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(
      await screen.findByRole('heading', { name: REGISTER_MESSAGES.title }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reg');
    expect(router.state.location.search).toBe('?code=inv-123&email=maria%40bank.example');
    expect(screen.getByRole('button', { name: 'Register' })).toBeInTheDocument();
  });

  it.each([
    ['invite_expired', INVITE_MESSAGES.expired],
    ['invite_accepted', INVITE_MESSAGES.expired],
    ['not_found', INVITE_MESSAGES.unresolved],
    ['server_error', INVITE_MESSAGES.other],
  ])('says why accepting failed (%s) and keeps the choice open', async (code, text) => {
    stubApi({
      'GET /v1/invite/details': details(),
      'POST /v1/invite/accept': { Code: code, status: 409 },
    });
    const user = userEvent.setup();
    renderRoutes(routes, LINK);
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
  });

  it('declines locally without telling the server', async () => {
    const fetchStub = stubApi({ 'GET /v1/invite/details': details() });
    const user = userEvent.setup();
    renderRoutes(routes, LINK);
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(
      screen.getByRole('heading', { name: INVITE_MESSAGES.declinedTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText(inviteDeclinedText('Acme Bank'))).toBeInTheDocument();
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it.each(['not_found', 'invite_expired'])(
    'shows Invite not found when the details fail (%s), in words, with Login as the way on',
    async (code) => {
      stubApi({ 'GET /v1/invite/details': { Code: code, status: 404 } });
      const { router, container } = renderRoutes(routes, LINK);
      expect(
        await screen.findByRole('heading', { name: INVITE_MESSAGES.notFoundTitle }),
      ).toBeInTheDocument();
      expect(screen.getByText(INVITE_MESSAGES.notFoundText)).toBeInTheDocument();
      expect(container).not.toHaveTextContent(code);
      expect(screen.getByRole('img', { name: `${PRODUCT_NAME} logo` })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Login' }));
      expect(router.state.location.pathname).toBe('/sso');
    },
  );

  it('sends an already accepted invitation to /reg, which says so instead of a form', async () => {
    stubApi({ 'GET /v1/invite/details': { Code: 'invite_accepted', status: 409 } });
    const { router } = renderRoutes(routes, LINK);
    expect(
      await screen.findByRole('heading', { name: INVITE_MESSAGES.acceptedTitle }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reg');
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it.each(['/invite?code=inv-123', '/invite?email=maria%40bank.example', '/invite'])(
    'sends an incomplete link (%s) to /reg without asking the server',
    async (url) => {
      const fetchStub = stubApi({});
      const { router } = renderRoutes(routes, url);
      expect(await screen.findByText(/registration is by invitation only/i)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/reg');
      expect(fetchStub).not.toHaveBeenCalled();
    },
  );
});
