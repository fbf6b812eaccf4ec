import { useState } from 'react';
import {
  SECOND_FACTOR_TEXTS as S,
  SUCCESS_CODE,
  TOTP_TEXTS,
  calls,
  encodeBase64,
  messageFor,
} from '@portico/contracts';
import { useApi } from '../api/context';
import { PasswordForm } from '../profile/mfa/PasswordForm';
import { RecoveryCodes, ScanStep } from '../profile/mfa/totp-steps';

export interface SecondFactorStepProps {
  /** The app is set up and its recovery codes were shown: go on to the company. */
  onDone(): void;
  onStartOver(): void;
}

type Part =
  | { kind: 'password'; error?: string }
  | { kind: 'scan'; secret: string; uri: string }
  | { kind: 'codes'; codes: string[] };

/**
 * docs/mfa.md, "second factor required": the client or a company requires a second factor and
 * the user has none, so an authenticator app is set up here, right after the password and
 * before the company: the password again (as on the profile), the QR code and a first code,
 * then the recovery codes once. The API refuses the company until this is done.
 */
export function SecondFactorStep({ onDone, onStartOver }: SecondFactorStepProps) {
  const api = useApi();
  const [part, setPart] = useState<Part>({ kind: 'password' });

  async function start(password: string): Promise<string | undefined> {
    const answer = await api.callApi(calls.totp.setup, { password: encodeBase64(password) });
    if (answer.Code !== SUCCESS_CODE) return messageFor(answer.Code, 'mfa', {});
    setPart({ kind: 'scan', ...answer.Msg });
    return undefined;
  }

  async function confirm(code: string): Promise<string | undefined> {
    const answer = await api.callApi(calls.totp.confirm, { code });
    if (answer.Code === 'totp_not_set_up') {
      // Too many wrong codes discarded the set-up: it starts again behind the password.
      setPart({ kind: 'password', error: TOTP_TEXTS.setupEnded });
      return undefined;
    }
    if (answer.Code !== SUCCESS_CODE) return TOTP_TEXTS.wrongCode;
    setPart({ kind: 'codes', codes: answer.Msg.recovery_codes });
    return undefined;
  }

  return (
    <section aria-labelledby="second-factor-title">
      <h1 id="second-factor-title" className="h4 fw-semibold text-center mb-3">
        {part.kind === 'codes' ? TOTP_TEXTS.codesTitle : S.setupTitle}
      </h1>
      {part.kind === 'password' && (
        <>
          <p>{S.setupText}</p>
          <PasswordForm
            submitLabel={TOTP_TEXTS.setUp}
            initialError={part.error}
            onCancel={onStartOver}
            onSubmit={start}
          />
        </>
      )}
      {part.kind === 'scan' && <ScanStep secret={part.secret} uri={part.uri} onConfirm={confirm} />}
      {part.kind === 'codes' && (
        <>
          <p className="text-success" role="status">
            {S.setupDone}
          </p>
          <RecoveryCodes codes={part.codes} onDone={onDone} />
        </>
      )}
    </section>
  );
}
