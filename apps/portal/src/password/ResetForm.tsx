import type { FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Form } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router-dom';
import {
  calls,
  confirmPasswordRule,
  encodeBase64,
  messageFor,
  passwordRuleWith,
  RESET_LABELS as L,
  RESET_MESSAGES,
  resetFormSchemaWith,
  usernameRule,
  passwordHelp,
} from '@portico/contracts';
import { useApi } from '../api/context';
import { SCREENS } from '../screens';
import { InfoPage } from '../ui/InfoPage';
import { PublicCard } from '../ui/PublicCard';
import { SubmitButton } from '../ui/form/SubmitButton';
import { TextField } from '../ui/form/TextField';
import { useFormFields, type FormValues } from '../ui/form/use-form-fields';
import { usePasswordMax } from './password-policy';

type ResetField = 'username' | 'pass' | 'confirm';

/** The new-password form of a validated link; Password reset successful! when it is set. */
export function ResetForm({ code }: { code: string }) {
  const api = useApi();
  const navigate = useNavigate();
  const passwordMax = usePasswordMax();
  const form = useFormFields<ResetField>({
    initial: { username: '', pass: '', confirm: '' },
    rules: {
      username: usernameRule,
      pass: passwordRuleWith(passwordMax),
      confirm: (values) => confirmPasswordRule(values.pass),
    },
    schema: resetFormSchemaWith(passwordMax),
  });
  const update = useMutation({
    mutationFn: (values: FormValues<ResetField>) =>
      api.callApi(calls.forgot.update, {
        code,
        pass: encodeBase64(values.pass),
        username: values.username,
      }),
  });

  const answer = update.data;
  if (answer?.Code === '200') {
    return (
      <InfoPage
        tone="success"
        title={RESET_MESSAGES.success}
        action={{ label: L.goToLogin, onClick: () => navigate('/') }}
      />
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending || !form.validateAll()) return;
    update.mutate(form.values);
  }

  // An expired or spent link cannot be retried: point to a new one.
  const linkGone = answer?.Code === 'forgot_expired' || answer?.Code === 'forgot_used';
  return (
    <PublicCard>
      <h1 className="h4 fw-semibold text-center mb-4">{SCREENS.reset.label}</h1>
      {answer && (
        <Alert variant="danger" role="alert" className="py-2">
          {messageFor(answer.Code, 'reset')}
          {linkGone && (
            <>
              {' '}
              <Link to={SCREENS.forgot.path} className="alert-link">
                {L.requestNew}
              </Link>
            </>
          )}
        </Alert>
      )}
      <Form noValidate onSubmit={submit} aria-label={SCREENS.reset.label}>
        <TextField
          id="reset-username"
          label={L.username}
          field={form.bind('username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
        <TextField
          id="reset-password"
          label={L.password}
          field={form.bind('pass')}
          type="password"
          autoComplete="new-password"
          help={passwordHelp(passwordMax)}
        />
        <TextField
          id="reset-confirm"
          label={L.confirm}
          field={form.bind('confirm')}
          type="password"
          autoComplete="new-password"
          className="mb-4"
        />
        <SubmitButton busy={update.isPending}>{L.submit}</SubmitButton>
      </Form>
    </PublicCard>
  );
}
