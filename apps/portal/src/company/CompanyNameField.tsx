import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_TOASTS,
  CONSOLE_LABELS,
  SUCCESS_CODE,
  calls,
  companyNameRule,
  fieldError,
} from '@portico/contracts';
import { useApi } from '../api/context';
import { sessionKeys } from '../session/queries';
import { useToasts } from '../ui/toasts-context';
import { companyKeys } from './queries';
import { useFocusBack } from './use-focus-back';

const INPUT_ID = 'company-name';

/** The company name: read-only, or for company administrators an Edit toggle with Apply. */
export function CompanyNameField({ name, canEdit }: { name: string; canEdit: boolean }) {
  const api = useApi();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const dirty = value.trim() !== name;
  const editButton = useFocusBack(editing);

  function cancel() {
    setValue(name);
    setError(undefined);
    setEditing(false);
  }

  async function apply(event: FormEvent) {
    event.preventDefault();
    const message = fieldError(companyNameRule, value);
    setError(message);
    if (message !== undefined) return;
    const newName = value.trim();
    setBusy(true);
    const answer = await api.callApi(calls.company.update, { name: newName });
    setBusy(false);
    if (answer.Code !== SUCCESS_CODE) {
      toasts.show({ Title: name, Msg: ADMIN_TOASTS.updateFailed(name), Type: 'danger' });
      return;
    }
    toasts.show({ Title: newName, Msg: ADMIN_TOASTS.updated(newName), Type: 'success' });
    setEditing(false);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: companyKeys.details }),
      queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
    ]);
  }

  if (!editing) {
    return (
      <div className="d-flex align-items-center gap-2 flex-wrap">
        <span id={INPUT_ID}>{name}</span>
        {canEdit && (
          <Button
            ref={editButton}
            size="sm"
            variant="link"
            className="p-0"
            onClick={() => {
              setValue(name);
              setEditing(true);
            }}
            aria-label={`${CONSOLE_LABELS.edit} ${CONSOLE_LABELS.name}`}
          >
            {CONSOLE_LABELS.edit}
          </Button>
        )}
      </div>
    );
  }
  return (
    <Form
      noValidate
      onSubmit={(event) => void apply(event)}
      className="d-flex flex-wrap gap-2 align-items-start"
    >
      <div className="flex-grow-1">
        <Form.Control
          id={INPUT_ID}
          aria-labelledby="company-name-label"
          value={value}
          autoFocus
          onChange={(event) => {
            setValue(event.target.value);
            setError(undefined);
          }}
          isInvalid={error !== undefined}
          aria-invalid={error !== undefined}
          aria-describedby={error ? `${INPUT_ID}-error` : undefined}
        />
        {error && (
          <Form.Control.Feedback type="invalid" id={`${INPUT_ID}-error`} role="alert">
            {error}
          </Form.Control.Feedback>
        )}
      </div>
      <Button type="submit" disabled={!dirty || busy}>
        {CONSOLE_LABELS.apply}
      </Button>
      <Button variant="outline-secondary" onClick={cancel} disabled={busy}>
        {CONSOLE_LABELS.cancel}
      </Button>
    </Form>
  );
}
