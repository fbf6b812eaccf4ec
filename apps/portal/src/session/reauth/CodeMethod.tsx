import { useRef, useState, type FormEvent } from 'react';
import { Form } from 'react-bootstrap';
import type { z } from 'zod';
import { SubmitButton } from './SubmitButton';

export interface CodeMethodProps {
  /** The field's id (one per method). */
  id: string;
  label: string;
  /** The contracts' rule: its message when the typed code is malformed, its output when not. */
  rule: z.ZodType<string, string>;
  numeric?: boolean;
  /** A password field instead of a code (the re-authentication by password). */
  password?: boolean;
  busy: boolean;
  onSubmit(value: string): Promise<void>;
}

/**
 * A typed credential (the password, an authenticator app's six digits, a recovery code): checked
 * by the contracts' rule, sent on Sign in, and cleared for a new attempt when it was refused.
 */
export function CodeMethod({
  id,
  label,
  rule,
  numeric = false,
  password = false,
  busy,
  onSubmit,
}: CodeMethodProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const checked = rule.safeParse(value);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      input.current?.focus();
      return;
    }
    await onSubmit(checked.data);
    setValue('');
    input.current?.focus();
  }

  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <Form.Group className="mb-3" controlId={id}>
        <Form.Label>{label}</Form.Label>
        <Form.Control
          ref={input}
          {...(password
            ? { type: 'password', name: 'password', autoComplete: 'current-password' }
            : { autoComplete: 'one-time-code', inputMode: numeric ? 'numeric' : 'text' })}
          autoFocus
          // Read-only rather than disabled while sending, so the focus stays in the field.
          readOnly={busy}
          value={value}
          isInvalid={error !== undefined}
          aria-invalid={error !== undefined || undefined}
          aria-describedby={error === undefined ? undefined : `${id}-error`}
          onChange={(event) => {
            setValue(event.target.value);
            setError(undefined);
          }}
        />
        {error !== undefined && (
          <Form.Control.Feedback type="invalid" id={`${id}-error`} role="alert">
            {error}
          </Form.Control.Feedback>
        )}
      </Form.Group>
      <SubmitButton busy={busy} />
    </Form>
  );
}
