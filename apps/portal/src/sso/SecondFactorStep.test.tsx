import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  PROFILE_TEXTS,
  SECOND_FACTOR_TEXTS as S,
  TOTP_TEXTS as T,
  encodeBase64,
} from '@portico/contracts';
import { stubApi } from '../test/fetch-stub';
import { renderWithProviders } from '../test/render';
import { SecondFactorStep } from './SecondFactorStep';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `mnopq-2345${i}`);

describe('the required second factor set-up in the sign-in', () => {
  it('asks the password, shows the QR code and key, takes a first code, then the recovery codes and goes on', async () => {
    const fetchStub = stubApi({
      'POST /v1/mfa/totp/setup': {
        Code: '200',
        Msg: { secret: SECRET, uri: `otpauth://totp/Portico:nora?secret=${SECRET}` },
      },
      'POST /v1/mfa/totp/confirm': { Code: '200', Msg: { recovery_codes: CODES } },
    });
    const onDone = vi.fn();
    renderWithProviders(<SecondFactorStep onDone={onDone} onStartOver={vi.fn()} />);
    expect(screen.getByRole('heading', { name: S.setupTitle })).toBeVisible();
    expect(screen.getByText(S.setupText)).toBeVisible();

    const password = screen.getByLabelText(PROFILE_TEXTS.password);
    expect(password).toHaveFocus();
    await userEvent.type(password, 'Secret-1{Enter}');
    const setup = fetchStub.mock.calls.find(([url]) => String(url).endsWith('/v1/mfa/totp/setup'));
    expect(JSON.parse(String(setup?.[1]?.body))).toEqual({ password: encodeBase64('Secret-1') });

    expect(await screen.findByLabelText(T.key)).toHaveValue(SECRET);
    await userEvent.type(screen.getByLabelText(T.code), '123456{Enter}');
    expect(await screen.findByText(S.setupDone)).toBeVisible();
    expect(screen.getByRole('heading', { name: T.codesTitle })).toBeVisible();
    expect(screen.getByRole('list', { name: T.codesTitle })).toHaveTextContent(CODES[0]!);
    expect(onDone).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: T.done }));
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('a wrong password stays on the password; a wrong first code stays on the code', async () => {
    let setupCalls = 0;
    stubApi({
      'POST /v1/mfa/totp/setup': () =>
        ++setupCalls === 1
          ? { Code: 'invalid_credentials', Msg: 'invalid_credentials' }
          : { Code: '200', Msg: { secret: SECRET, uri: `otpauth://totp/P:n?secret=${SECRET}` } },
      'POST /v1/mfa/totp/confirm': { Code: 'invalid_totp', Msg: { retries_left: 4 } },
    });
    const onDone = vi.fn();
    renderWithProviders(<SecondFactorStep onDone={onDone} onStartOver={vi.fn()} />);
    await userEvent.type(screen.getByLabelText(PROFILE_TEXTS.password), 'Wrong-1{Enter}');
    expect(await screen.findByRole('alert')).not.toHaveTextContent('invalid_credentials');
    expect(screen.getByLabelText(PROFILE_TEXTS.password)).toHaveValue('');

    await userEvent.type(screen.getByLabelText(PROFILE_TEXTS.password), 'Secret-1{Enter}');
    await userEvent.type(await screen.findByLabelText(T.code), '000000{Enter}');
    expect(await screen.findByText(T.wrongCode)).toBeVisible();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('goes back to the password, saying why, once too many wrong codes ended the set-up', async () => {
    let setups = 0;
    stubApi({
      'POST /v1/mfa/totp/setup': () => {
        setups += 1;
        return { Code: '200', Msg: { secret: SECRET, uri: `otpauth://totp/P:n?secret=${SECRET}` } };
      },
      'POST /v1/mfa/totp/confirm': { Code: 'totp_not_set_up', Msg: 'totp_not_set_up' },
    });
    renderWithProviders(<SecondFactorStep onDone={vi.fn()} onStartOver={vi.fn()} />);
    await userEvent.type(screen.getByLabelText(PROFILE_TEXTS.password), 'Secret-1{Enter}');
    await userEvent.type(await screen.findByLabelText(T.code), '000000{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent(T.setupEnded);
    expect(screen.queryByLabelText(T.code)).toBeNull();
    await userEvent.type(screen.getByLabelText(PROFILE_TEXTS.password), 'Secret-1{Enter}');
    expect(await screen.findByLabelText(T.key)).toHaveValue(SECRET);
    expect(setups).toBe(2);
  });

  it('Cancel starts the sign-in over', async () => {
    stubApi({});
    const onStartOver = vi.fn();
    renderWithProviders(<SecondFactorStep onDone={vi.fn()} onStartOver={onStartOver} />);
    await userEvent.click(screen.getByRole('button', { name: PROFILE_TEXTS.cancel }));
    expect(onStartOver).toHaveBeenCalledOnce();
  });
});
