import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { DEV_LABELS as L, DEV_MESSAGES, maskSecret } from '@portico/contracts';
import { routes } from '../router';
import { renderRoutes } from '../test/render';
import { EDITOR_LABELS as E } from '../ui/editor';
import { CLIENT, SECRET, appEntry, openLedger, stubDev } from './test-stub';
import { shownSecret } from './secret-mask';

const NEW_SECRET = 'ZyXwVuTsRqPoNmLk';

/** The applications list with Ledger's one client holding the secret of this mask. */
function appsWithMask(mask: string) {
  const client = { ...CLIENT, secret: mask };
  return {
    Code: '200',
    Msg: { apps: [appEntry('ledger', 'Ledger', 0)], clients: { ledger: JSON.stringify([client]) } },
  };
}

/** The server as far as a rotation goes: the list shows the mask of the secret it holds. */
function stubRotation(update: () => { Code: string; Msg?: unknown; status?: number }) {
  let mask = maskSecret(SECRET);
  return stubDev({
    'GET /v1/apps': () => appsWithMask(mask),
    'POST /v1/clients/update': () => {
      const answer = update();
      if (answer.Code === '200') mask = maskSecret(NEW_SECRET);
      return answer;
    },
  });
}

async function openClient() {
  renderRoutes(routes, '/manage/dev');
  const user = await openLedger();
  await user.click(await screen.findByRole('button', { name: /Ledger web/ }));
  const editor = (await screen.findByTestId('client-secret')).closest('form')!;
  return { user, editor };
}

const updateCalls = (fetchStub: ReturnType<typeof stubDev>) =>
  fetchStub.mock.calls.filter(([url]) => String(url).includes('/v1/clients/update'));

describe('Rotating a client secret', () => {
  it('asks first; Cancel changes nothing', async () => {
    const fetchStub = stubRotation(() => ({ Code: '200', Msg: { client_secret: NEW_SECRET } }));
    const { user, editor } = await openClient();
    await user.click(within(editor).getByRole('button', { name: L.rotateSecret }));
    const dialog = await screen.findByRole('dialog', { name: DEV_MESSAGES.rotateConfirmTitle });
    expect(dialog).toHaveTextContent(DEV_MESSAGES.rotateConfirmText('Ledger web'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(updateCalls(fetchStub)).toHaveLength(0);
    expect(screen.getByTestId('client-secret')).toHaveTextContent(shownSecret(SECRET));
  });

  it('shows the new secret once after the confirmation, then only its mask', async () => {
    const fetchStub = stubRotation(() => ({ Code: '200', Msg: { client_secret: NEW_SECRET } }));
    const { user, editor } = await openClient();
    await user.click(within(editor).getByRole('button', { name: L.rotateSecret }));
    const dialog = await screen.findByRole('dialog', { name: DEV_MESSAGES.rotateConfirmTitle });
    await user.click(within(dialog).getByRole('button', { name: L.rotateSecret }));

    expect(await screen.findByLabelText(L.newSecret)).toHaveValue(NEW_SECRET);
    expect(screen.getByText(DEV_MESSAGES.secretShownOnce)).toBeVisible();
    await waitFor(() =>
      expect(screen.getByTestId('client-secret')).toHaveTextContent(shownSecret(NEW_SECRET)),
    );
    // The rotation sends the client's stored settings unchanged, with secret "rotate".
    const sent = updateCalls(fetchStub);
    expect(sent).toHaveLength(1);
    const [, init] = sent[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      app: 'ledger',
      id: 'c-1',
      secret: 'rotate',
      desc: 'Ledger web',
      redirect: CLIENT.redirect,
      second_factor_required: false,
      domain: CLIENT.domain,
      platform: 'web',
      custom_hash: false,
      session_activity_timeout: 3600,
      session_ttl: 604_800,
      allow_delete: false,
      allow_multiple_sessions: true,
      device_limit: 5,
      login_retry_limit: 5,
      // The OIDC settings travel as stored (here the defaults), so rotating changes nothing else.
      oidc_redirect_uris: [],
      oidc_post_logout_redirect_uris: [],
      oidc_grant_types: ['authorization_code', 'refresh_token'],
      oidc_auth_method: 'client_secret_basic',
      oidc_jwks_uri: '',
      oidc_fapi2: false,
      oidc_backchannel_logout_uri: '',
      oidc_access_token_ttl: 600,
      oidc_refresh_token_ttl: 86_400,
    });

    // Dismissed, the secret is gone for good: only the new mask remains.
    await user.click(screen.getByRole('button', { name: 'Close alert' }));
    await waitFor(() => expect(screen.queryByDisplayValue(NEW_SECRET)).not.toBeInTheDocument());
    expect(screen.queryByText(DEV_MESSAGES.secretShownOnce)).not.toBeInTheDocument();
    expect(screen.getByTestId('client-secret')).toHaveTextContent(shownSecret(NEW_SECRET));
  });

  it('toasts a refused rotation and keeps the old mask, with no secret shown', async () => {
    const fetchStub = stubRotation(() => ({ Code: 'server_error', status: 500 }));
    const { user, editor } = await openClient();
    await user.click(within(editor).getByRole('button', { name: L.rotateSecret }));
    const dialog = await screen.findByRole('dialog', { name: DEV_MESSAGES.rotateConfirmTitle });
    await user.click(within(dialog).getByRole('button', { name: L.rotateSecret }));

    expect(await screen.findByText(DEV_MESSAGES.rotateFailed('Ledger web'))).toBeInTheDocument();
    expect(updateCalls(fetchStub)).toHaveLength(1);
    expect(screen.queryByLabelText(L.newSecret)).not.toBeInTheDocument();
    expect(screen.getByTestId('client-secret')).toHaveTextContent(shownSecret(SECRET));
  });

  it('offers the rotation in view mode only', async () => {
    stubRotation(() => ({ Code: '200', Msg: { client_secret: NEW_SECRET } }));
    const { user, editor } = await openClient();
    await user.click(within(editor).getByRole('button', { name: E.edit }));
    expect(within(editor).queryByRole('button', { name: L.rotateSecret })).not.toBeInTheDocument();
  });
});
