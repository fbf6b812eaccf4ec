import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import {
  calls,
  encodeBase64,
  messageFor,
  REGISTER_LABELS as L,
  REGISTER_MESSAGES,
} from '@portico/contracts';
import { useApi } from '../api/context';
import { SCREENS } from '../screens';
import { InfoPage } from '../ui/InfoPage';
import type { FormValues } from '../ui/form/use-form-fields';
import type { Invitation } from './invitation';
import { RegisterForm } from './RegisterForm';
import { useRegisterForm, type RegisterField } from './use-register-form';

/** The form, then Registration Success or Registration Failed (section 4: form -> outcome). */
export function RegisterFlow({ invitation }: { invitation: Invitation }) {
  const api = useApi();
  const navigate = useNavigate();
  // Held here, not in the form, so "Try Again" after a failure returns to what was typed.
  const form = useRegisterForm();
  const registration = useMutation({
    mutationFn: (values: FormValues<RegisterField>) =>
      api.callApi(calls.register.submit, {
        uname: encodeBase64(values.uname),
        pass: encodeBase64(values.pass),
        mobile: encodeBase64(values.mobile.trim()),
        email: encodeBase64(invitation.email),
        displayName: values.displayName.trim(),
        access: invitation.code,
      }),
  });

  const answer = registration.data;
  if (answer?.Code === '200') {
    return (
      <InfoPage
        tone="success"
        title={REGISTER_MESSAGES.successTitle}
        subtitle={REGISTER_MESSAGES.successText}
        action={{ label: L.login, onClick: () => navigate(SCREENS.sso.path) }}
      />
    );
  }
  if (answer) {
    return (
      <InfoPage
        tone="danger"
        title={REGISTER_MESSAGES.failureTitle}
        subtitle={messageFor(answer.Code, 'register')}
        action={{ label: L.tryAgain, onClick: () => registration.reset() }}
      />
    );
  }
  return (
    <RegisterForm
      form={form}
      email={invitation.email}
      busy={registration.isPending}
      onSubmit={() => registration.mutate(form.values)}
    />
  );
}
