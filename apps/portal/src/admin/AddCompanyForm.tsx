import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Form } from 'react-bootstrap';
import {
  ADMIN_TOASTS,
  CONSOLE_LABELS,
  SUCCESS_CODE,
  calls,
  companyIdRule,
  companyNameRule,
  messageFor,
} from '@portico/contracts';
import { useApi } from '../api/context';
import { SubmitButton } from '../ui/form/SubmitButton';
import { TextField } from '../ui/form/TextField';
import { useFormFields } from '../ui/form/use-form-fields';
import { useToasts } from '../ui/toasts-context';

/** The add company dialog: Id and Name, Required; a taken id is "Id already taken." on Id. */
export function AddCompanyForm({ onAdded }: { onAdded: () => Promise<unknown> }) {
  const api = useApi();
  const toasts = useToasts();
  const form = useFormFields({
    initial: { id: '', name: '' },
    rules: { id: companyIdRule, name: companyNameRule },
    validateOnBlur: false,
  });
  const [serverError, setServerError] = useState<{ id?: string; name?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setServerError({});
    if (!form.validateAll()) return;
    const id = form.values.id.trim();
    const name = form.values.name.trim();
    setBusy(true);
    const answer = await api.callApi(calls.companies.add, { id, name });
    setBusy(false);
    if (answer.Code === SUCCESS_CODE) {
      toasts.show({ Title: name, Msg: ADMIN_TOASTS.added, Type: 'success' });
      await onAdded();
      return;
    }
    const message = messageFor(answer.Code, 'addCompany');
    if (answer.Code === 'incomplete_param') setServerError({ id: message, name: message });
    else setServerError({ id: message });
  }

  function withServerError(name: 'id' | 'name') {
    const field = form.bind(name);
    return {
      ...field,
      error: field.error ?? serverError[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setServerError({});
        field.onChange(event);
      },
    };
  }

  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <TextField id="company-add-id" label={CONSOLE_LABELS.id} field={withServerError('id')} />
      <TextField
        id="company-add-name"
        label={CONSOLE_LABELS.name}
        field={withServerError('name')}
      />
      <SubmitButton busy={busy}>{CONSOLE_LABELS.create}</SubmitButton>
    </Form>
  );
}
