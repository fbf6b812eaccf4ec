import { useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PROFILE_TEXTS,
  SUCCESS_CODE,
  TOTP_TEXTS as T,
  calls,
  encodeBase64,
  messageFor,
} from '@portico/contracts';
import { useApi } from '../../api/context';
import { useToasts } from '../../ui/toasts-context';
import { MfaModal } from './MfaModal';
import { PasswordForm } from './PasswordForm';
import { RecoveryCodes, ScanStep } from './totp-steps';

type Step =
  | { kind: 'password'; action: 'setup' | 'disable' | 'codes'; error?: string }
  | { kind: 'scan'; secret: string; uri: string }
  | { kind: 'codes'; codes: string[] };

const statusKey = ['profile', 'totp'] as const;

/**
 * The profile's authenticator app (docs/mfa.md): set up (the password, then the QR code and a
 * first code), replace, turn off, and the recovery codes shown once and renewed.
 */
export function AuthenticatorApp() {
  const api = useApi();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) => api.callApi(calls.totp.status, undefined, { signal }),
  });
  const [step, setStep] = useState<Step>();
  const close = () => {
    setStep(undefined);
    void queryClient.invalidateQueries({ queryKey: statusKey });
  };

  async function withPassword(
    action: 'setup' | 'disable' | 'codes',
    password: string,
  ): Promise<string | undefined> {
    const body = { password: encodeBase64(password) };
    if (action === 'setup') {
      const answer = await api.callApi(calls.totp.setup, body);
      if (answer.Code !== SUCCESS_CODE) return messageFor(answer.Code, 'mfa', {});
      setStep({ kind: 'scan', ...answer.Msg });
      return undefined;
    }
    if (action === 'codes') {
      const answer = await api.callApi(calls.totp.regenerateRecoveryCodes, body);
      if (answer.Code !== SUCCESS_CODE) return messageFor(answer.Code, 'mfa', {});
      setStep({ kind: 'codes', codes: answer.Msg.recovery_codes });
      return undefined;
    }
    const answer = await api.callApi(calls.totp.disable, body);
    if (answer.Code !== SUCCESS_CODE) return messageFor(answer.Code, 'mfa', {});
    toasts.show({ Title: T.heading, Msg: T.disabled, Type: 'success' });
    close();
    return undefined;
  }

  async function confirm(code: string): Promise<string | undefined> {
    const answer = await api.callApi(calls.totp.confirm, { code });
    if (answer.Code === 'totp_not_set_up') {
      // Too many wrong codes discarded the set-up: it starts again behind the password.
      setStep({ kind: 'password', action: 'setup', error: T.setupEnded });
      return undefined;
    }
    if (answer.Code !== SUCCESS_CODE) return T.wrongCode;
    toasts.show({ Title: T.heading, Msg: T.enabled, Type: 'success' });
    setStep({ kind: 'codes', codes: answer.Msg.recovery_codes });
    return undefined;
  }

  const state = status.data?.Code === SUCCESS_CODE ? status.data.Msg : undefined;
  const title =
    step?.kind === 'codes'
      ? T.codesTitle
      : step?.kind === 'scan'
        ? T.heading
        : PROFILE_TEXTS.passwordTitle;
  return (
    <section aria-labelledby="totp-heading" className="mt-4">
      <h3 id="totp-heading" className="h6">
        {T.heading}
      </h3>
      <p className="small mb-2">{state?.enabled ? T.on(state.recovery_codes_left) : T.off}</p>
      <div className="d-flex flex-wrap gap-2">
        <Button
          variant="outline-primary"
          size="sm"
          onClick={() => setStep({ kind: 'password', action: 'setup' })}
        >
          {state?.enabled ? T.replace : T.setUp}
        </Button>
        {state?.enabled && (
          <>
            <Button
              variant="outline-primary"
              size="sm"
              onClick={() => setStep({ kind: 'password', action: 'codes' })}
            >
              {T.newCodes}
            </Button>
            <Button
              variant="outline-danger"
              size="sm"
              onClick={() => setStep({ kind: 'password', action: 'disable' })}
            >
              {T.turnOff}
            </Button>
          </>
        )}
      </div>
      {status.data && status.data.Code !== SUCCESS_CODE && (
        <Alert variant="danger" className="mt-2 small">
          {messageFor(status.data.Code, 'mfa', {})}
        </Alert>
      )}
      <MfaModal title={title} show={step !== undefined} onHide={close}>
        {step?.kind === 'password' && (
          <PasswordForm
            submitLabel={PROFILE_TEXTS.continue}
            onCancel={close}
            initialError={step.error}
            onSubmit={(password) => withPassword(step.action, password)}
          />
        )}
        {step?.kind === 'scan' && (
          <ScanStep secret={step.secret} uri={step.uri} onConfirm={confirm} />
        )}
        {step?.kind === 'codes' && <RecoveryCodes codes={step.codes} onDone={close} />}
      </MfaModal>
    </section>
  );
}
