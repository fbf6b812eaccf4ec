import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOGIN_TITLE, PRODUCT_NAME } from '@portico/contracts';
import { routes } from './router';
import { renderRoutes } from './test/render';
import { stubApi } from './test/fetch-stub';

describe('public routes', () => {
  it('renders the login card at /sso without calling the API', async () => {
    const fetchStub = stubApi({});
    renderRoutes(routes, '/sso?client=bank-app');

    expect(screen.getByRole('heading', { level: 1, name: LOGIN_TITLE })).toBeInTheDocument();
    expect(LOGIN_TITLE).toBe(`${PRODUCT_NAME} Login`);
    expect(screen.getByRole('img', { name: `${PRODUCT_NAME} logo` })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
    expect(document.title).toBe(LOGIN_TITLE);
    // The signed-in shell is not there.
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('moves from the username to the password on Enter', async () => {
    stubApi({});
    renderRoutes(routes, '/sso');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'maria_l{Enter}');
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });

  it.each([
    ['/reg', 'Register User'],
    ['/invite?code=c&email=e', 'Invitation'],
    ['/forgot', 'Forgot Password?'],
    ['/reset?code=c', 'Reset Password'],
  ])('shows an honest placeholder at %s, outside the shell', (url, name) => {
    const fetchStub = stubApi({});
    renderRoutes(routes, url);
    expect(screen.getByRole('heading', { level: 1, name })).toBeInTheDocument();
    expect(screen.getByText(`${name} — not available yet`)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(fetchStub).not.toHaveBeenCalled();
  });
});
