import type { FormEvent } from 'react';
import { Form } from 'react-bootstrap';
import { REGISTER_LABELS as L, REGISTER_MESSAGES, passwordHelp } from '@portico/contracts';
import { usePasswordMax } from '../password/password-policy';
import { PublicCard } from '../ui/PublicCard';
import { SubmitButton } from '../ui/form/SubmitButton';
import { TextField } from '../ui/form/TextField';
import type { RegisterForm as Fields } from './use-register-form';

export interface RegisterFormProps {
  form: Fields;
  email: string;
  busy: boolean;
  onSubmit: () => void;
}

/** The "Register User" form (section 2): every field checked on blur and all on submit. */
export function RegisterForm({ form, email, busy, onSubmit }: RegisterFormProps) {
  const passwordMax = usePasswordMax();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (form.validateAll()) onSubmit();
  }

  return (
    <PublicCard>
      <h1 className="h4 fw-semibold text-center mb-4">{REGISTER_MESSAGES.title}</h1>
      <Form noValidate onSubmit={submit} aria-label={REGISTER_MESSAGES.title}>
        <Form.Group className="mb-3" controlId="register-email">
          <Form.Label>{L.email}</Form.Label>
          {/* Shown, not edited (the invitation's): an <output> wraps a long address on a phone,
              where a read-only input cut it off. */}
          <output id="register-email" className="form-control-plaintext d-block text-break">
            {email}
          </output>
        </Form.Group>
        <TextField
          id="register-display-name"
          label={L.displayName}
          field={form.bind('displayName')}
          autoComplete="name"
          maxLength={100}
        />
        <TextField
          id="register-phone"
          label={L.phone}
          field={form.bind('mobile')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
        />
        <TextField
          id="register-username"
          label={L.username}
          field={form.bind('uname')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
        <TextField
          id="register-password"
          label={L.password}
          field={form.bind('pass')}
          type="password"
          autoComplete="new-password"
          help={passwordHelp(passwordMax)}
        />
        <TextField
          id="register-confirm"
          label={L.confirm}
          field={form.bind('confirm')}
          type="password"
          autoComplete="new-password"
          className="mb-4"
        />
        <SubmitButton busy={busy}>{L.submit}</SubmitButton>
      </Form>
    </PublicCard>
  );
}
