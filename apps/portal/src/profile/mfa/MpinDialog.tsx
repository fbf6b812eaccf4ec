import { useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import {
  MPIN_MESSAGES,
  PROFILE_TEXTS,
  SUCCESS_CODE,
  TRIVIAL_PIN_MESSAGE,
  calls,
  encodeBase64,
  isTrivialPin,
  messageFor,
} from '@portico/contracts';
import { useApi } from '../../api/context';
import { PinEntry } from '../../ui/pin/PinEntry';
import { MfaModal } from './MfaModal';
import { PasswordForm } from './PasswordForm';

type Step = { step: 'password'; error?: string } | { step: 'pin'; password: string };

export interface MpinDialogProps {
  title: string;
  show: boolean;
  onHide(): void;
  /** The MPIN was set. */
  onDone(): void;
}

/**
 * Setting the MPIN (section 4): the account password, then six digits entered twice (PinEntry in
 * verify mode; a mismatch starts the entry again). The password is checked before the digits
 * (mfa.checkPassword); one refused when the PIN is sent goes back to its step.
 */
export function MpinDialog({ title, show, onHide, onDone }: MpinDialogProps) {
  const { callApi } = useApi();
  const [state, setState] = useState<Step>({ step: 'password' });
  const [pinError, setPinError] = useState<string>();
  const [busy, setBusy] = useState(false);

  function close() {
    setState({ step: 'password' });
    setPinError(undefined);
    onHide();
  }

  async function send(password: string, pin: string) {
    if (isTrivialPin(pin)) {
      setPinError(TRIVIAL_PIN_MESSAGE);
      return;
    }
    setBusy(true);
    const answer = await callApi(calls.mfa.setPin, { pin, password: encodeBase64(password) });
    setBusy(false);
    if (answer.Code === SUCCESS_CODE) {
      setState({ step: 'password' });
      setPinError(undefined);
      onDone();
    } else if (answer.Code === 'invalid_credentials') {
      setPinError(undefined);
      setState({ step: 'password', error: MPIN_MESSAGES.invalidCredentials });
    } else {
      setPinError(messageFor(answer.Code, 'mpin'));
    }
  }

  return (
    <MfaModal title={title} show={show} onHide={close}>
      {state.step === 'password' ? (
        <PasswordForm
          submitLabel={PROFILE_TEXTS.continue}
          initialError={state.error}
          onCancel={close}
          onSubmit={async (password) => {
            // The password first: a wrong one is said here, before six digits are typed twice.
            const checked = await callApi(calls.mfa.checkPassword, {
              password: encodeBase64(password),
            });
            if (checked.Code !== SUCCESS_CODE) return messageFor(checked.Code, 'mpin');
            setState({ step: 'pin', password });
            return undefined;
          }}
        />
      ) : (
        <div>
          <p className="text-body-secondary">{PROFILE_TEXTS.mpinText}</p>
          <PinEntry
            label={PROFILE_TEXTS.newMpin}
            confirmLabel={PROFILE_TEXTS.repeatMpin}
            mode="verify"
            masked
            autoFocus
            disabled={busy}
            error={pinError}
            onChange={(value) => {
              if (value !== '') setPinError(undefined);
            }}
            onMismatch={() => setPinError(MPIN_MESSAGES.mismatch)}
            onComplete={(pin) => void send(state.password, pin)}
          />
          <div className="d-flex justify-content-end gap-2 mt-3">
            {busy && (
              <Spinner
                animation="border"
                size="sm"
                className="align-self-center"
                role="status"
                aria-label={PROFILE_TEXTS.setMpin}
              />
            )}
            <Button variant="outline-secondary" onClick={close} disabled={busy}>
              {PROFILE_TEXTS.cancel}
            </Button>
          </div>
        </div>
      )}
    </MfaModal>
  );
}
