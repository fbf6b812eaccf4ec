import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEV_LABELS as L, maskSecret } from '@portico/contracts';
import { stubApi, type StubAnswer } from '../test/fetch-stub';
import { sessionDetails } from '../test/fixtures';

/** Test data of the Developer screen's component tests: two applications, one client. */
export const SECRET = 'AbCdEfGhIjKlMnOp';

export const CLIENT = {
  id: 'c-1',
  secret: maskSecret(SECRET),
  desc: 'Ledger web',
  app: 'ledger',
  redirect: 'https://ledger.example/cb',
  domain: 'ledger.example',
  platform: 'web',
  custom_hash: false,
  session_activity_timeout: 3600,
  session_ttl: 604_800,
  allow_delete: false,
  allow_multiple_sessions: true,
  device_limit: 5,
  login_retry_limit: 5,
};

export function appEntry(id: string, name: string, status: number, desc = '') {
  return { id, name, desc, status, link: '', icons: '', iconl: '', clients: [] };
}

export function appsAnswer(
  apps = [appEntry('ledger', 'Ledger', 0), appEntry('pay', 'Payments', 3)],
) {
  return { Code: '200', Msg: { apps, clients: { ledger: JSON.stringify([CLIENT]) } } };
}

/** The signed-in platform administrator and the applications list, plus `extra` answers. */
export function stubDev(extra: Record<string, StubAnswer | (() => StubAnswer)> = {}) {
  return stubApi({
    'GET /v1/auth/details': { Code: '200', Msg: sessionDetails() },
    'GET /v1/ses/com/ret': { Code: '200', Msg: { companies: [] } },
    'GET /v1/apps': appsAnswer(),
    ...extra,
  });
}

/**
 * Opens the Ledger application's editor from the list. The first render loads the screen's
 * route and the session, which under a full parallel run can take longer than the default wait.
 */
export async function openLedger() {
  const user = userEvent.setup();
  const open = await screen.findByRole('button', { name: L.open('Ledger') }, { timeout: 5000 });
  await user.click(open);
  return user;
}
