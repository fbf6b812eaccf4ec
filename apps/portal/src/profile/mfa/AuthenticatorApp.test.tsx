import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROFILE_TEXTS, TOTP_TEXTS as T, encodeBase64 } from '@portico/contracts';
import { stubApi } from '../../test/fetch-stub';
import { sessionDetails } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { AuthenticatorApp } from './AuthenticatorApp';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${'efghij'[i % 6]}-2345${i % 8}`);

function bodyOf(fetchStub: ReturnType<typeof stubApi>, path: string): unknown {
  const call = fetchStub.mock.calls.find(([input]) => String(input).endsWith(path));
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

describe('the profile authenticator app', () => {
  it('sets one up: the password, the QR code and key, a first code, then the recovery codes once', async () => {
    let enabled = false;
    const fetchStub = stubApi({
      'GET /v1/auth/details': { Code: '200', Msg: sessionDetails() },
      'GET /v1/mfa/totp': () => ({
        Code: '200',
        Msg: { enabled, recovery_codes_left: enabled ? 10 : 0 },
      }),
      'POST /v1/mfa/totp/setup': {
        Code: '200',
        Msg: { secret: SECRET, uri: `otpauth://totp/Portico:nora?secret=${SECRET}` },
      },
      'POST /v1/mfa/totp/confirm': () => {
        enabled = true;
        return { Code: '200', Msg: { recovery_codes: CODES } };
      },
    });
    renderWithProviders(<AuthenticatorApp />);
    expect(await screen.findByText(T.off)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: T.setUp }));

    const dialog = await screen.findByRole('dialog', { name: PROFILE_TEXTS.passwordTitle });
    await userEvent.type(within(dialog).getByLabelText(PROFILE_TEXTS.password), 'Secret-1');
    await userEvent.click(within(dialog).getByRole('button', { name: PROFILE_TEXTS.continue }));
    expect(bodyOf(fetchStub, '/v1/mfa/totp/setup')).toEqual({ password: encodeBase64('Secret-1') });

    const scan = await screen.findByRole('dialog', { name: T.heading });
    expect(await within(scan).findByRole('img', { name: T.qrAlt })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );
    expect(within(scan).getByLabelText(T.key)).toHaveValue(SECRET);
    await userEvent.type(within(scan).getByLabelText(T.code), '12345');
    await userEvent.click(within(scan).getByRole('button', { name: T.confirm }));
    expect(within(scan).getByRole('alert')).toHaveTextContent(
      'Enter the 6-digit code from your authenticator app',
    );
    await userEvent.type(within(scan).getByLabelText(T.code), '6');
    await userEvent.click(within(scan).getByRole('button', { name: T.confirm }));
    expect(bodyOf(fetchStub, '/v1/mfa/totp/confirm')).toEqual({ code: '123456' });

    const codes = await screen.findByRole('dialog', { name: T.codesTitle });
    const list = within(codes).getByRole('list', { name: T.codesTitle });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    const download = within(codes).getByRole('link', { name: T.download });
    expect(download).toHaveAttribute('download', 'portico-recovery-codes.txt');
    expect(decodeURIComponent(download.getAttribute('href') ?? '')).toContain(CODES.join('\n'));
    await userEvent.click(within(codes).getByRole('button', { name: T.done }));
    expect(await screen.findByText(T.on(10))).toBeVisible();
    expect(screen.getByRole('button', { name: T.replace })).toBeVisible();
  });

  it('says a wrong first code does not match, and keeps the dialog open', async () => {
    stubApi({
      'GET /v1/auth/details': { Code: '200', Msg: sessionDetails() },
      'GET /v1/mfa/totp': { Code: '200', Msg: { enabled: false, recovery_codes_left: 0 } },
      'POST /v1/mfa/totp/setup': { Code: '200', Msg: { secret: SECRET, uri: 'otpauth://totp/x' } },
      'POST /v1/mfa/totp/confirm': { Code: 'invalid_totp', Msg: 'no' },
    });
    renderWithProviders(<AuthenticatorApp />);
    await userEvent.click(await screen.findByRole('button', { name: T.setUp }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(PROFILE_TEXTS.password), 'Secret-1');
    await userEvent.click(within(dialog).getByRole('button', { name: PROFILE_TEXTS.continue }));
    const scan = await screen.findByRole('dialog', { name: T.heading });
    await userEvent.type(within(scan).getByLabelText(T.code), '000000');
    await userEvent.click(within(scan).getByRole('button', { name: T.confirm }));
    expect(await within(scan).findByRole('alert')).toHaveTextContent(T.wrongCode);
  });

  it('goes back to the password, saying why, once too many wrong codes ended the set-up', async () => {
    let setups = 0;
    let confirms = 0;
    stubApi({
      'GET /v1/auth/details': { Code: '200', Msg: sessionDetails() },
      'GET /v1/mfa/totp': { Code: '200', Msg: { enabled: false, recovery_codes_left: 0 } },
      'POST /v1/mfa/totp/setup': () => {
        setups += 1;
        return { Code: '200', Msg: { secret: SECRET, uri: 'otpauth://totp/x' } };
      },
      'POST /v1/mfa/totp/confirm': () =>
        ++confirms === 1
          ? { Code: 'totp_not_set_up', Msg: 'totp_not_set_up' }
          : { Code: '200', Msg: { recovery_codes: CODES } },
    });
    renderWithProviders(<AuthenticatorApp />);
    await userEvent.click(await screen.findByRole('button', { name: T.setUp }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(PROFILE_TEXTS.password), 'Secret-1');
    await userEvent.click(within(dialog).getByRole('button', { name: PROFILE_TEXTS.continue }));
    const scan = await screen.findByRole('dialog', { name: T.heading });
    await userEvent.type(within(scan).getByLabelText(T.code), '000000');
    await userEvent.click(within(scan).getByRole('button', { name: T.confirm }));

    const again = await screen.findByRole('dialog', { name: PROFILE_TEXTS.passwordTitle });
    expect(within(again).getByRole('alert')).toHaveTextContent(T.setupEnded);
    await userEvent.type(within(again).getByLabelText(PROFILE_TEXTS.password), 'Secret-1');
    await userEvent.click(within(again).getByRole('button', { name: PROFILE_TEXTS.continue }));
    const rescan = await screen.findByRole('dialog', { name: T.heading });
    expect(setups).toBe(2);
    await userEvent.type(within(rescan).getByLabelText(T.code), '123456');
    await userEvent.click(within(rescan).getByRole('button', { name: T.confirm }));
    expect(await screen.findByRole('dialog', { name: T.codesTitle })).toBeVisible();
  });
});
