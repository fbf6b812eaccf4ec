import { useState, type FormEvent } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_TOASTS,
  appDescRule,
  appIdRule,
  appNameRule,
  calls,
  DEV_LABELS as L,
  EDITOR_LABELS,
  fieldError,
  messageFor,
} from '@portico/contracts';
import { useApi } from '../api/context';
import { SubmitButton } from '../ui/form/SubmitButton';
import { useToasts } from '../ui/toasts-context';
import { EditorField } from '../ui/editor';
import { DEV_KEYS } from './queries';

type Field = 'id' | 'name' | 'desc';
const RULES = { id: appIdRule, name: appNameRule, desc: appDescRule };
const EMPTY = { id: '', name: '', desc: '' };

/** Add application (id, name, desc): a taken id is shown on the id field. */
export function AddAppDialog({ show, onClose }: { show: boolean; onClose: () => void }) {
  const { callApi } = useApi();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  function change(field: Field, value: string) {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  }

  function close() {
    setValues(EMPTY);
    setErrors({});
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    for (const field of ['id', 'name', 'desc'] as const) {
      found[field] = fieldError(RULES[field], values[field]);
    }
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    const answer = await callApi(calls.apps.add, {
      id: values.id.trim(),
      name: values.name.trim(),
      desc: values.desc.trim(),
    });
    setBusy(false);
    if (answer.Code === '200') {
      toasts.show({ Title: values.name.trim(), Msg: ADMIN_TOASTS.added, Type: 'success' });
      await queryClient.invalidateQueries({ queryKey: DEV_KEYS.apps });
      close();
      return;
    }
    if (answer.Code === 'app_enrolled') {
      setErrors({ id: messageFor(answer.Code, 'addApp') });
      return;
    }
    if (answer.Code === 'incomplete_param') {
      setErrors({ name: messageFor(answer.Code, 'addApp') });
      return;
    }
    toasts.show({ Title: L.addApp, Msg: ADMIN_TOASTS.addAppFailed, Type: 'danger' });
  }

  return (
    <Modal show={show} onHide={close} centered aria-labelledby="add-app-title">
      <Form noValidate onSubmit={(event) => void submit(event)}>
        <Modal.Header closeButton>
          <Modal.Title id="add-app-title" as="h2" className="h5">
            {L.addApp}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <EditorField
            id="add-app-id"
            label={L.id}
            value={values.id}
            readOnly={false}
            error={errors.id}
            onChange={(value) => change('id', value)}
          />
          <EditorField
            id="add-app-name"
            label={L.name}
            value={values.name}
            readOnly={false}
            error={errors.name}
            onChange={(value) => change('name', value)}
          />
          <EditorField
            id="add-app-desc"
            label={L.desc}
            as="textarea"
            value={values.desc}
            readOnly={false}
            error={errors.desc}
            onChange={(value) => change('desc', value)}
            className="mb-0"
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={close} disabled={busy}>
            {EDITOR_LABELS.cancel}
          </Button>
          <SubmitButton busy={busy} className="">
            {L.add}
          </SubmitButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
