import { useState, type FormEvent } from 'react';
import { Form } from 'react-bootstrap';
import {
  COMPANIES_TEXTS,
  SUCCESS_CODE,
  USERS_MESSAGES,
  calls,
  emailRule,
  encodeBase64,
} from '@portico/contracts';
import { useApi } from '../api/context';
import { SubmitButton } from '../ui/form/SubmitButton';
import { TextField } from '../ui/form/TextField';
import { useFormFields } from '../ui/form/use-form-fields';
import { useToasts } from '../ui/toasts-context';

export interface InviteOwnerFormProps {
  com: string;
  /** The e-mail of a pending invitation, so Resend needs no typing. */
  email?: string;
  onInvited: () => Promise<unknown>;
}

/** The invite owner dialog: an e-mail; the invitation goes out (again) to that address. */
export function InviteOwnerForm({ com, email = '', onInvited }: InviteOwnerFormProps) {
  const api = useApi();
  const toasts = useToasts();
  const form = useFormFields({ initial: { email }, rules: { email: emailRule } });
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validateAll()) return;
    const address = form.values.email.trim();
    setBusy(true);
    const answer = await api.callApi(calls.companies.inviteOwner, {
      com,
      email: encodeBase64(address),
    });
    setBusy(false);
    if (answer.Code !== SUCCESS_CODE) {
      toasts.show({
        Title: USERS_MESSAGES.inviteFailedTitle,
        Msg: USERS_MESSAGES.inviteFailed(address),
        Type: 'danger',
      });
      return;
    }
    toasts.show({
      Title: USERS_MESSAGES.inviteSuccessTitle,
      Msg: USERS_MESSAGES.inviteSent(address),
      Type: 'success',
    });
    await onInvited();
  }

  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        id={`owner-email-${com}`}
        label={COMPANIES_TEXTS.ownerEmail}
        type="email"
        autoComplete="off"
        field={form.bind('email')}
      />
      <SubmitButton busy={busy}>{COMPANIES_TEXTS.invite}</SubmitButton>
    </Form>
  );
}
