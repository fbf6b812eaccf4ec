import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { LOGIN_TITLE, PRODUCT_NAME } from '@portico/contracts';
import { routes } from './router';
import { renderRoutes } from './test/render';
import { stubApi } from './test/fetch-stub';

describe('public routes', () => {
  it.each(['/sso?client=bank-app', '/reg', '/forgot'])(
    'renders %s in the public card, outside the signed-in shell',
    async (url) => {
      stubApi({
        'POST /v1/auth/autologin': { Code: 'auth_invalid', status: 401 },
        'GET /v1/app/iconl': { Code: '200', Msg: '' },
      });
      renderRoutes(routes, url);
      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    },
  );

  it('names the login page after the product', () => {
    stubApi({
      'POST /v1/auth/autologin': { Code: 'auth_invalid', status: 401 },
      'GET /v1/app/iconl': { Code: '200', Msg: '' },
    });
    renderRoutes(routes, '/sso');
    expect(LOGIN_TITLE).toBe(`${PRODUCT_NAME} Login`);
    expect(document.title).toBe(LOGIN_TITLE);
  });
});
