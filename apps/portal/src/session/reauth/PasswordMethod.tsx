import { useRef, useState, type FormEvent } from 'react';
import { Form } from 'react-bootstrap';
import { reauthPasswordRule, REAUTH_LABELS } from '@portico/contracts';
import { SubmitButton } from './SubmitButton';

export interface MethodProps {
  busy: boolean;
  onSubmit(value: string): Promise<void>;
}

/** The password: required (section 5, "Please enter your credentials."), sent on Sign in. */
export function PasswordMethod({ busy, onSubmit }: MethodProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const checked = reauthPasswordRule.safeParse(value);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      input.current?.focus();
      return;
    }
    await onSubmit(value);
    // Still open: the attempt failed, and a new one starts from an empty field.
    setValue('');
    input.current?.focus();
  }

  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <Form.Group className="mb-3" controlId="reauth-password">
        <Form.Label>{REAUTH_LABELS.password}</Form.Label>
        <Form.Control
          ref={input}
          type="password"
          name="password"
          autoComplete="current-password"
          autoFocus
          // Read-only rather than disabled while sending, so the focus stays in the field.
          readOnly={busy}
          value={value}
          isInvalid={error !== undefined}
          aria-invalid={error !== undefined || undefined}
          aria-describedby={error === undefined ? undefined : 'reauth-password-error'}
          onChange={(event) => {
            setValue(event.target.value);
            setError(undefined);
          }}
        />
        {error !== undefined && (
          <Form.Control.Feedback type="invalid" id="reauth-password-error" role="alert">
            {error}
          </Form.Control.Feedback>
        )}
      </Form.Group>
      <SubmitButton busy={busy} />
    </Form>
  );
}
