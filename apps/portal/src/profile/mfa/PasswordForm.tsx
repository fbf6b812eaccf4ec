import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { PROFILE_TEXTS, confirmDialogPasswordRule } from '@portico/contracts';

export interface PasswordFormProps {
  /** Sends the password; resolves with the failure to show, or undefined when it went on. */
  onSubmit(password: string): Promise<string | undefined>;
  onCancel(): void;
  submitLabel?: string;
  /** A failure from an earlier step (the MPIN call refused the password). */
  initialError?: string | undefined;
}

/**
 * The password confirmation of section 6 (sensitive actions): "Password is required" when empty
 * (section 5); a refusal is shown above the field and the field is cleared for a new attempt.
 */
export function PasswordForm({
  onSubmit,
  onCancel,
  submitLabel = PROFILE_TEXTS.confirm,
  initialError,
}: PasswordFormProps) {
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState(initialError);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const checked = confirmDialogPasswordRule.safeParse(value);
    if (!checked.success) {
      setFieldError(checked.error.issues[0]?.message);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setFailure(undefined);
    const refused = await onSubmit(value);
    // Unmounted when the step succeeded; only a refusal comes back here.
    if (refused !== undefined) {
      setBusy(false);
      setFailure(refused);
      setValue('');
      input.current?.focus();
    }
  }

  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <p className="text-body-secondary">{PROFILE_TEXTS.passwordText}</p>
      {failure && (
        <Alert variant="danger" role="alert" className="py-2">
          {failure}
        </Alert>
      )}
      <Form.Group className="mb-3" controlId="mfa-password">
        <Form.Label>{PROFILE_TEXTS.password}</Form.Label>
        <Form.Control
          ref={input}
          type="password"
          autoComplete="current-password"
          autoFocus
          readOnly={busy}
          value={value}
          isInvalid={fieldError !== undefined}
          aria-invalid={fieldError !== undefined || undefined}
          aria-describedby={fieldError ? 'mfa-password-error' : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setFieldError(undefined);
          }}
        />
        {fieldError && (
          <Form.Control.Feedback type="invalid" id="mfa-password-error" role="alert">
            {fieldError}
          </Form.Control.Feedback>
        )}
      </Form.Group>
      <div className="d-flex justify-content-end gap-2">
        <Button variant="outline-secondary" onClick={onCancel} disabled={busy}>
          {PROFILE_TEXTS.cancel}
        </Button>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
