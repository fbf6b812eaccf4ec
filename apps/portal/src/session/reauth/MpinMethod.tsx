import { useState, type FormEvent } from 'react';
import { Form } from 'react-bootstrap';
import { mpinRule, REAUTH_LABELS } from '@portico/contracts';
import { PinEntry } from '../../ui/pin/PinEntry';
import type { MethodProps } from './PasswordMethod';
import { SubmitButton } from './SubmitButton';

/**
 * The MPIN through the PIN entry: sent as soon as six digits are in; Sign in (or Enter) with
 * fewer says "MPIN must be 6 digits." (section 5).
 */
export function MpinMethod({ busy, onSubmit }: MethodProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();

  function send(pin: string) {
    setError(undefined);
    void onSubmit(pin);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const checked = mpinRule.safeParse(value);
    if (checked.success) send(checked.data);
    else setError(checked.error.issues[0]?.message);
  }

  return (
    <Form noValidate onSubmit={submit}>
      <div className="mb-3">
        <PinEntry
          label={REAUTH_LABELS.mpin}
          masked
          autoFocus
          disabled={busy}
          error={error}
          onChange={(pin) => {
            setValue(pin);
            setError(undefined);
          }}
          onComplete={send}
        />
      </div>
      <SubmitButton busy={busy} />
    </Form>
  );
}
