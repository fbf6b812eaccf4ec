import type { FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Form } from 'react-bootstrap';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  calls,
  canSendResetLink,
  FORGOT_LABELS as L,
  FORGOT_MESSAGES,
  forgotFieldRule,
  messageFor,
} from '@portico/contracts';
import { useApi } from '../api/context';
import { SCREENS } from '../screens';
import { InfoPage } from '../ui/InfoPage';
import { PublicCard } from '../ui/PublicCard';
import { SubmitButton } from '../ui/form/SubmitButton';
import { TextField } from '../ui/form/TextField';
import { useFormFields } from '../ui/form/use-form-fields';
import type { ForgotLocationState } from './reset-failure';

/**
 * /forgot (section 2): one field, Send Reset Link enabled once it is filled. Arriving from an
 * unusable reset link, the screen first says what was wrong with it.
 */
export function ForgotScreen() {
  const api = useApi();
  const navigate = useNavigate();
  const location = useLocation();
  const resetFailure = (location.state as ForgotLocationState | null)?.resetFailure;
  const form = useFormFields<'email'>({
    initial: { email: '' },
    rules: { email: forgotFieldRule },
    // Only the filled-in check of section 5, which the button already shows.
    validateOnBlur: false,
  });
  const request = useMutation({
    mutationFn: (email: string) => api.callApi(calls.forgot.request, { email }),
  });

  const answer = request.data;
  if (answer?.Code === '200') {
    return (
      <InfoPage
        tone="success"
        title={FORGOT_MESSAGES.successTitle}
        subtitle={FORGOT_MESSAGES.successText}
        action={{ label: L.backToLogin, onClick: () => navigate(SCREENS.sso.path) }}
      />
    );
  }

  const filled = canSendResetLink(form.values.email);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (request.isPending || !filled || !form.validateAll()) return;
    request.mutate(form.values.email.trim());
  }

  return (
    <PublicCard>
      <h1 className="h4 fw-semibold text-center mb-4">{FORGOT_MESSAGES.title}</h1>
      {resetFailure && !answer && (
        <Alert variant="warning" className="py-2">
          {messageFor(resetFailure, 'reset')}
        </Alert>
      )}
      {answer && (
        <Alert variant="danger" role="alert" className="py-2">
          {messageFor(answer.Code, 'forgot')}
        </Alert>
      )}
      <Form noValidate onSubmit={submit} aria-label={FORGOT_MESSAGES.title}>
        <TextField
          id="forgot-email"
          label={L.field}
          field={form.bind('email')}
          className="mb-4"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
        <SubmitButton busy={request.isPending} disabled={!filled}>
          {L.submit}
        </SubmitButton>
      </Form>
      <p className="text-center mt-3 mb-0">
        <Link to={SCREENS.sso.path}>{L.backToLogin}</Link>
      </p>
    </PublicCard>
  );
}
