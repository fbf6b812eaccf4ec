import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SIGN_IN_TEXTS, TOTP_LABELS, TOTP_SWITCH_LABELS } from '@portico/contracts';
import { stubApi } from '../test/fetch-stub';
import { renderWithProviders } from '../test/render';
import { ConfirmStep } from './ConfirmStep';
import type { LoginAnswer } from './sign-in-state';

vi.mock('@simplewebauthn/browser', () => ({ browserSupportsWebAuthn: vi.fn(() => false) }));

function login(flags: Partial<LoginAnswer>): LoginAnswer {
  return {
    companies: [],
    retries_left: -1,
    avatar: '',
    dis: 'Nora',
    is_pin_enabled: false,
    is_biometrics_enabled: false,
    is_passkey_enabled: false,
    has_pin_setup: false,
    has_passkey_setup: false,
    ...flags,
  };
}

function bodyOf(fetchStub: ReturnType<typeof stubApi>): unknown {
  const call = fetchStub.mock.calls.find(([input]) => String(input).endsWith('/v1/auth/reauth'));
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

describe('the sign-in confirmation with an authenticator app', () => {
  it("asks an app user for the app's code, and sends it as a totp credential", async () => {
    const fetchStub = stubApi({ 'POST /v1/auth/reauth': { Code: '200', Msg: 'ok' } });
    const onAnswer = vi.fn();
    renderWithProviders(
      <ConfirmStep
        login={login({ has_totp_setup: true })}
        client="crm"
        redirect="/"
        message={undefined}
        onAnswer={onAnswer}
        onStartOver={() => undefined}
      />,
    );
    await userEvent.type(screen.getByLabelText(TOTP_LABELS.code), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(bodyOf(fetchStub)).toMatchObject({
      credential_type: 'totp',
      credential_value: '123456',
      client: 'crm',
    });
    expect(onAnswer).toHaveBeenCalledWith(expect.objectContaining({ Code: '200' }));
  });

  it('keeps the specification order (PIN first) and offers the app and a recovery code after it', async () => {
    const fetchStub = stubApi({ 'POST /v1/auth/reauth': { Code: '200', Msg: 'ok' } });
    renderWithProviders(
      <ConfirmStep
        login={login({ is_pin_enabled: true, has_pin_setup: true, has_totp_setup: true })}
        client="crm"
        redirect="/"
        message={undefined}
        onAnswer={() => undefined}
        onStartOver={() => undefined}
      />,
    );
    expect(screen.getByText(SIGN_IN_TEXTS.confirmPinText)).toBeVisible();
    expect(screen.getByRole('button', { name: TOTP_SWITCH_LABELS.useTotp })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: TOTP_SWITCH_LABELS.useRecovery }));
    await userEvent.type(screen.getByLabelText(TOTP_LABELS.recoveryCode), 'ABCDE-23456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(bodyOf(fetchStub)).toMatchObject({
      credential_type: 'recovery',
      credential_value: 'abcde-23456',
    });
    expect(screen.getByRole('button', { name: SIGN_IN_TEXTS.usePin })).toBeVisible();
  });
});
