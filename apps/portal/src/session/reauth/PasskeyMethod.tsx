import { Button, Spinner } from 'react-bootstrap';
import { SIGN_IN_TEXTS, REAUTH_LABELS } from '@portico/contracts';

/**
 * The passkey: the ceremony starts on the button, never by itself, since browsers may refuse
 * (or the user may not expect) an authenticator prompt without a gesture.
 */
export function PasskeyMethod({ busy, onSubmit }: { busy: boolean; onSubmit(): Promise<void> }) {
  return (
    <>
      <p className="text-body-secondary small">{REAUTH_LABELS.passkeyText}</p>
      <Button className="w-100" autoFocus disabled={busy} onClick={() => void onSubmit()}>
        {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        {SIGN_IN_TEXTS.usePasskey}
      </Button>
    </>
  );
}
