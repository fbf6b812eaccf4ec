import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ADMIN_TOASTS, OIDC_CLIENT_MESSAGES, OIDC_LABELS as O } from '@portico/contracts';
import { routes } from '../router';
import { renderRoutes } from '../test/render';
import { EDITOR_LABELS as E } from '../ui/editor';
import { openLedger, stubDev } from './test-stub';

const updates = (stub: ReturnType<typeof stubDev>) =>
  stub.mock.calls.filter(([url]) => String(url).includes('/v1/clients/update'));

async function openClientEditor() {
  renderRoutes(routes, '/manage/dev');
  const user = await openLedger();
  await user.click(await screen.findByRole('button', { name: /Ledger web/ }));
  const editor = (await screen.findByTestId('client-secret')).closest('form')!;
  return { user, editor };
}

describe("The client editor's OpenID Connect settings", () => {
  it('shows the issuer and the discovery URL to copy', async () => {
    stubDev();
    const { editor } = await openClientEditor();
    const issuer = `${window.location.origin}/oidc`;
    expect(within(editor).getByLabelText(O.issuer)).toHaveValue(issuer);
    expect(within(editor).getByLabelText(O.discovery)).toHaveValue(
      `${issuer}/.well-known/openid-configuration`,
    );
    expect(within(editor).getByRole('button', { name: `Copy ${O.issuer}` })).toBeVisible();
  });

  it('checks the settings with the contracts before Apply, then sends them all', async () => {
    const stub = stubDev({ 'POST /v1/clients/update': { Code: '200', Msg: {} } });
    const { user, editor } = await openClientEditor();
    await user.click(within(editor).getByRole('button', { name: E.edit }));

    await user.type(
      within(editor).getByLabelText(O.redirectUris),
      'https://ledger.example/oidc/cb{Enter}http://not-local.example/cb',
    );
    await user.selectOptions(within(editor).getByLabelText(O.authMethod), 'private_key_jwt');
    await user.click(within(editor).getByLabelText(O.fapi2));
    await user.click(within(editor).getByRole('button', { name: E.apply }));
    expect(await within(editor).findByText(OIDC_CLIENT_MESSAGES.jwksUriNeeded)).toBeVisible();
    expect(within(editor).getByLabelText(O.redirectUris)).toHaveAccessibleDescription(
      expect.stringContaining('Redirect URL must be a valid HTTPS URL'),
    );
    expect(updates(stub)).toHaveLength(0);

    const uris = within(editor).getByLabelText(O.redirectUris);
    await user.clear(uris);
    await user.type(uris, 'https://ledger.example/oidc/cb');
    await user.type(within(editor).getByLabelText(O.jwksUri), 'https://ledger.example/jwks');
    await user.click(within(editor).getByLabelText(O.grantType.client_credentials));
    await user.click(within(editor).getByRole('button', { name: E.apply }));
    expect(await screen.findByText(ADMIN_TOASTS.updated('Ledger web'))).toBeInTheDocument();
    const [[, init]] = updates(stub) as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toMatchObject({
      oidc_redirect_uris: ['https://ledger.example/oidc/cb'],
      oidc_auth_method: 'private_key_jwt',
      oidc_jwks_uri: 'https://ledger.example/jwks',
      oidc_fapi2: true,
      oidc_grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
      oidc_access_token_ttl: 600,
    });
  });

  it("shows the server's refusal on the field it names", async () => {
    stubDev({
      'POST /v1/clients/update': {
        Code: 'incomplete_param',
        Msg: { fields: { oidc_backchannel_logout_uri: 'Redirect URL must be a valid HTTPS URL' } },
      },
    });
    const { user, editor } = await openClientEditor();
    await user.click(within(editor).getByRole('button', { name: E.edit }));
    await user.type(
      within(editor).getByLabelText(O.backchannelUri),
      'http://localhost:9000/logout',
    );
    await user.click(within(editor).getByRole('button', { name: E.apply }));
    const field = within(editor).getByLabelText(O.backchannelUri);
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  });
});
