import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import QRCode from 'qrcode';
import {
  PROFILE_TEXTS,
  SUCCESS_CODE,
  TOTP_TEXTS as T,
  calls,
  encodeBase64,
  messageFor,
  totpCodeRule,
} from '@portico/contracts';
import { useApi } from '../../api/context';
import { useToasts } from '../../ui/toasts-context';
import { useCopy } from '../../ui/use-copy';
import { MfaModal } from './MfaModal';
import { PasswordForm } from './PasswordForm';

type Step =
  | { kind: 'password'; action: 'setup' | 'disable' | 'codes' }
  | { kind: 'scan'; secret: string; uri: string }
  | { kind: 'codes'; codes: string[] };

const statusKey = ['profile', 'totp'] as const;

/** The recovery codes, once: to copy, or to download as a text file. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const text = codes.join('\n');
  const { copied, copy } = useCopy(text);
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(`${text}\n`)}`;
  return (
    <>
      <p>{T.codesText}</p>
      <ul aria-label={T.codesTitle} className="list-unstyled font-monospace columns-2">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="d-flex flex-wrap gap-2">
        <Button variant="outline-secondary" onClick={() => void copy()}>
          {copied ? T.copied : T.copy}
        </Button>
        <a
          className="btn btn-outline-secondary"
          href={download}
          download="portico-recovery-codes.txt"
        >
          {T.download}
        </a>
        <Button className="ms-auto" onClick={onDone}>
          {T.done}
        </Button>
      </div>
    </>
  );
}

/** The new app's QR code and key, and its first code to confirm it. */
function ScanStep({
  secret,
  uri,
  onConfirm,
}: {
  secret: string;
  uri: string;
  onConfirm(code: string): Promise<string | undefined>;
}) {
  const [image, setImage] = useState<string>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(uri, { margin: 1, width: 200 }).then((url) => live && setImage(url));
    return () => {
      live = false;
    };
  }, [uri]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = totpCodeRule.safeParse(code);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setBusy(true);
    setError(await onConfirm(checked.data));
    setBusy(false);
  }

  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <p>{T.scan}</p>
      {image && <img src={image} alt={T.qrAlt} width={200} height={200} className="d-block mb-3" />}
      <Form.Group className="mb-3" controlId="totp-key">
        <Form.Label>{T.key}</Form.Label>
        <Form.Control readOnly value={secret} className="font-monospace" />
      </Form.Group>
      <Form.Group className="mb-3" controlId="totp-code">
        <Form.Label>{T.code}</Form.Label>
        <Form.Control
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          isInvalid={error !== undefined}
          aria-describedby={error ? 'totp-code-error' : undefined}
          onChange={(event) => {
            setCode(event.target.value);
            setError(undefined);
          }}
        />
        {error && (
          <Form.Control.Feedback type="invalid" id="totp-code-error" role="alert">
            {error}
          </Form.Control.Feedback>
        )}
      </Form.Group>
      <Button type="submit" disabled={busy}>
        {T.confirm}
      </Button>
    </Form>
  );
}

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
