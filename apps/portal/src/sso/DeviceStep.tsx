import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { DEVICE_MESSAGES, DEVICE_VERIFIED_DELAY_MS, SIGN_IN_TEXTS } from '@portico/contracts';

export interface DeviceStepProps {
  verified: boolean;
  sending: boolean;
  message: string | undefined;
  onVerify(code: string): void;
  /** Called once, DEVICE_VERIFIED_DELAY_MS after the success message appeared (section 4). */
  onContinue(): void;
}

const CODE_PATTERN = /^\d{6}$/;

/** A new device: the one-time code from the e-mail, then a success message and a short pause. */
export function DeviceStep({ verified, sending, message, onVerify, onContinue }: DeviceStepProps) {
  const [code, setCode] = useState('');
  const codeInput = useRef<HTMLInputElement>(null);

  // A refused code is selected, so the next one is typed over it without reaching for a mouse.
  useEffect(() => {
    if (message) codeInput.current?.select();
  }, [message]);

  useEffect(() => {
    if (!verified) return;
    const timer = setTimeout(onContinue, DEVICE_VERIFIED_DELAY_MS);
    return () => clearTimeout(timer);
  }, [verified, onContinue]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (CODE_PATTERN.test(code) && !sending) onVerify(code);
  }

  if (verified) {
    return (
      <div className="text-center" role="status">
        <h1 className="h4 fw-semibold mb-2">{SIGN_IN_TEXTS.deviceTitle}</h1>
        <Alert variant="success" className="mb-0">
          {DEVICE_MESSAGES.verified}
        </Alert>
      </div>
    );
  }

  return (
    <>
      <h1 className="h4 fw-semibold text-center mb-2">{SIGN_IN_TEXTS.deviceTitle}</h1>
      <p className="text-body-secondary text-center small mb-4">{SIGN_IN_TEXTS.deviceText}</p>
      <Form noValidate onSubmit={submit}>
        <Form.Group className="mb-3" controlId="device-code">
          <Form.Label>{SIGN_IN_TEXTS.deviceCodeLabel}</Form.Label>
          <Form.Control
            ref={codeInput}
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            className="otp-input"
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
          />
        </Form.Group>
        {message && (
          <Alert variant="danger" className="py-2 small" role="alert">
            {message}
          </Alert>
        )}
        <Button type="submit" className="w-100" disabled={!CODE_PATTERN.test(code) || sending}>
          {SIGN_IN_TEXTS.deviceVerify}
        </Button>
      </Form>
    </>
  );
}
