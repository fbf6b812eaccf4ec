import { describe, expect, it, vi } from 'vitest';
import { calls, type CallDefinition } from '@portico/contracts';
import { createApiClient } from './client';
import { stubApi, type StubAnswer } from '../test/fetch-stub';

/** A client whose every answer is `answer`, and a count of session-expired raises. */
function setUp() {
  let next: StubAnswer = { Code: '200' };
  const answer = () => next;
  stubApi({
    'GET /v1/ses/com/ret': answer,
    'POST /v1/session/com': answer,
    'GET /v1/auth/details': answer,
    'POST /v1/auth/signout': answer,
    'POST /v1/auth': answer,
    'POST /v1/auth/reauth': answer,
    'POST /v1/auth/autologin': answer,
    'GET /v1/app/iconl': answer,
    [`${calls.register.submit.method} ${calls.register.submit.path}`]: answer,
    [`${calls.forgot.request.method} ${calls.forgot.request.path}`]: answer,
    [`${calls.forgot.update.method} ${calls.forgot.update.path}`]: answer,
    [`${calls.invites.details.method} ${calls.invites.details.path}`]: answer,
    [`${calls.invites.accept.method} ${calls.invites.accept.path}`]: answer,
    [`${calls.passkeys.authOptions.method} ${calls.passkeys.authOptions.path}`]: answer,
  });
  const api = createApiClient({ baseUrl: () => 'http://portal.test:1234' });
  const raised = vi.fn();
  api.onSessionExpired(raised);
  const send = async (call: CallDefinition, code: StubAnswer['Code']) => {
    next = { Code: code, status: code === '200' ? 200 : 401 };
    // The payloads do not matter here: the stub answers whatever is sent.
    await (api.callApi as (c: CallDefinition, p?: object) => Promise<unknown>)(call, {});
  };
  return { send, raised };
}

describe('the session-expired rule (section 4)', () => {
  it('raises the state on session_expired and on session_invalid', async () => {
    const first = setUp();
    await first.send(calls.session.companies, 'session_expired');
    expect(first.raised).toHaveBeenCalledTimes(1);

    const second = setUp();
    await second.send(calls.session.setCompany, 'session_invalid');
    expect(second.raised).toHaveBeenCalledTimes(1);
  });

  it('raises it once, however many answers say so', async () => {
    const { send, raised } = setUp();
    await send(calls.session.companies, 'session_expired');
    await send(calls.session.setCompany, 'session_invalid');
    await send(calls.session.companies, 'session_expired');
    expect(raised).toHaveBeenCalledTimes(1);
  });

  it('raises it again after any 200 answer', async () => {
    const { send, raised } = setUp();
    await send(calls.session.companies, 'session_expired');
    await send(calls.auth.reauth, '200'); // an exempt call's 200 resets the flag too
    await send(calls.session.companies, 'session_expired');
    expect(raised).toHaveBeenCalledTimes(2);

    await send(calls.session.companies, 200);
    await send(calls.session.setCompany, 'session_invalid');
    expect(raised).toHaveBeenCalledTimes(3);
  });

  it('raises it for a public call that is not on the list (accepting an invite)', async () => {
    const { send, raised } = setUp();
    await send(calls.invites.accept, 'session_invalid');
    expect(raised).toHaveBeenCalledTimes(1);
  });

  it('ignores other failure codes', async () => {
    const { send, raised } = setUp();
    await send(calls.session.companies, 'forbidden');
    await send(calls.session.setCompany, 'access_not_found');
    expect(raised).not.toHaveBeenCalled();
  });

  it.each([
    ['authentication', calls.auth.signIn],
    ['re-authentication', calls.auth.reauth],
    ['auto-login', calls.auth.autologin],
    ['landing icon', calls.auth.landingIcon],
    ['session details', calls.auth.details],
    ['sign-out', calls.auth.signOut],
    ['passkey challenge of re-authentication', calls.passkeys.authOptions],
    ['registration', calls.register.submit],
    ['forgot request', calls.forgot.request],
    ['forgot update', calls.forgot.update],
    ['invite details', calls.invites.details],
  ])('never raises it for the %s call', async (_name, call) => {
    const { send, raised } = setUp();
    await send(call, 'session_expired');
    await send(call, 'session_invalid');
    expect(raised).not.toHaveBeenCalled();

    await send(calls.session.companies, 'session_expired');
    expect(raised).toHaveBeenCalledTimes(1);
  });
});
