import { useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import {
  SIGN_IN_TEXTS,
  TOTP_LABELS,
  TOTP_SWITCH_LABELS,
  calls,
  confirmationMethods,
  recoveryCodeRule,
  totpCodeRule,
  type ReauthMethod,
} from '@portico/contracts';
import { CodeMethod } from '../session/reauth/CodeMethod';
import { useApi } from '../api/context';
import { PinEntry } from '../ui/pin/PinEntry';
import { Avatar } from '../ui/Avatar';
import { getPasskeyAssertion, passkeysSupported } from '../session/reauth/passkey';
import type { LoginAnswer } from './sign-in-state';

export interface ConfirmStepProps {
  login: LoginAnswer;
  client: string;
  redirect: string;
  message: string | undefined;
  /** The auth.reauth answer (or the passkey's own failure) for the journey to settle. */
  onAnswer(answer: { Code: string; Msg: unknown }): void;
  onStartOver(): void;
}

/**
 * The confirmation step (section 2): with PIN or passkey enabled and set up, the sign-in is
 * confirmed with one of them through auth.reauth (the password was just checked and does not
 * count twice). Passkey comes first when the browser can use one; the other is offered.
 */
export function ConfirmStep({
  login,
  client,
  redirect,
  message,
  onAnswer,
  onStartOver,
}: ConfirmStepProps) {
  const api = useApi();
  const methods = confirmationMethods(login).filter(
    (method) => method !== 'passkey' || passkeysSupported(),
  );
  const [method, setMethod] = useState(methods[0]);
  const [sending, setSending] = useState(false);

  async function send(
    credential:
      | { credential_type: 'mpin' | 'totp' | 'recovery'; credential_value: string }
      | { credential_type: 'passkey' },
  ) {
    setSending(true);
    try {
      if (credential.credential_type !== 'passkey') {
        onAnswer(await api.callApi(calls.auth.reauth, { ...credential, client, redirect }));
        return;
      }
      const assertion = await getPasskeyAssertion(api);
      if (assertion.Code !== '200') {
        onAnswer(assertion);
        return;
      }
      onAnswer(
        await api.callApi(calls.auth.reauth, {
          credential_type: 'passkey',
          credential_value: assertion.Msg,
          client,
          redirect,
        }),
      );
    } finally {
      setSending(false);
    }
  }

  const others = methods.filter((candidate) => candidate !== method);
  return (
    <>
      <h1 className="h4 fw-semibold text-center mb-3">{SIGN_IN_TEXTS.confirmTitle}</h1>
      <div className="d-flex align-items-center justify-content-center gap-2 mb-3">
        <Avatar name={login.dis} src={login.avatar} size={40} />
        <span className="fw-semibold">{login.dis}</span>
      </div>
      {method === 'mpin' && (
        <>
          <p className="text-body-secondary text-center small">{SIGN_IN_TEXTS.confirmPinText}</p>
          <PinEntry
            label={SIGN_IN_TEXTS.pinLabel}
            masked
            autoFocus
            centered
            disabled={sending}
            error={message}
            onComplete={(pin) => void send({ credential_type: 'mpin', credential_value: pin })}
          />
        </>
      )}
      {method === 'passkey' && (
        <>
          <p className="text-body-secondary text-center small">
            {SIGN_IN_TEXTS.confirmPasskeyText}
          </p>
          {message && (
            <Alert variant="danger" className="py-2 small" role="alert">
              {message}
            </Alert>
          )}
          <Button
            className="w-100"
            autoFocus
            disabled={sending}
            onClick={() => void send({ credential_type: 'passkey' })}
          >
            {SIGN_IN_TEXTS.usePasskey}
          </Button>
        </>
      )}
      {(method === 'totp' || method === 'recovery') && (
        <>
          <p className="text-body-secondary text-center small">
            {method === 'totp' ? TOTP_LABELS.totpText : TOTP_LABELS.recoveryText}
          </p>
          {message && (
            <Alert variant="danger" className="py-2 small" role="alert">
              {message}
            </Alert>
          )}
          <CodeMethod
            key={method}
            id={`confirm-${method}`}
            label={method === 'totp' ? TOTP_LABELS.code : TOTP_LABELS.recoveryCode}
            rule={method === 'totp' ? totpCodeRule : recoveryCodeRule}
            numeric={method === 'totp'}
            busy={sending}
            onSubmit={(value) => send({ credential_type: method, credential_value: value })}
          />
        </>
      )}
      <div className="d-flex flex-wrap justify-content-between gap-2 mt-3 small">
        <div className="d-flex flex-column align-items-start">
          {others.map((other) => (
            <Button
              key={other}
              variant="link"
              size="sm"
              className="p-0"
              onClick={() => setMethod(other)}
            >
              {switchLabel(other)}
            </Button>
          ))}
        </div>
        <Button variant="link" size="sm" className="p-0" onClick={onStartOver}>
          {SIGN_IN_TEXTS.startOver}
        </Button>
      </div>
    </>
  );
}

/** The link to another confirmation method (section 2's two, then ours). */
function switchLabel(method: Exclude<ReauthMethod, 'password'>): string {
  switch (method) {
    case 'mpin':
      return SIGN_IN_TEXTS.usePin;
    case 'passkey':
      return SIGN_IN_TEXTS.usePasskeyInstead;
    case 'totp':
      return TOTP_SWITCH_LABELS.useTotp;
    case 'recovery':
      return TOTP_SWITCH_LABELS.useRecovery;
  }
}
