import { describe, expect, it, vi } from 'vitest';
import { startAuthentication } from '@simplewebauthn/browser';
import { createApiClient } from '../../api/client';
import { stubApi } from '../../test/fetch-stub';
import { getPasskeyAssertion } from './passkey';

vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startAuthentication: vi.fn(),
}));

const api = () => createApiClient({ baseUrl: () => 'http://portal.test:1234' });

describe('passkey assertion', () => {
  it('does not start the ceremony when the API refuses a challenge', async () => {
    stubApi({ 'POST /v1/passkey/auth/options': { Code: 'passkey_invalid', status: 400 } });
    expect(await getPasskeyAssertion(api())).toMatchObject({ Code: 'passkey_invalid' });
    expect(startAuthentication).not.toHaveBeenCalled();
  });

  it('refuses what the browser hands back when it is not an assertion', async () => {
    stubApi({ 'POST /v1/passkey/auth/options': { Code: '200', Msg: { challenge: 'YWJj' } } });
    vi.mocked(startAuthentication).mockResolvedValue({ id: 'not base64url!' } as unknown as Awaited<
      ReturnType<typeof startAuthentication>
    >);
    expect(await getPasskeyAssertion(api())).toMatchObject({ Code: 'passkey_invalid' });
  });
});
