// The authenticator app's set-up steps, shared by the profile (AuthenticatorApp) and the
// sign-in's required set-up (sso/SecondFactorStep): the QR code with its first code, and the
// recovery codes shown once.
import { useEffect, useState, type FormEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import QRCode from 'qrcode';
import { TOTP_TEXTS as T, totpCodeRule } from '@portico/contracts';
import { useCopy } from '../../ui/use-copy';

/** The recovery codes, once: to copy, or to download as a text file. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
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
export function ScanStep({
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
