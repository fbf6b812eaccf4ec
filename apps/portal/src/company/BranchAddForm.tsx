import { useState, type FormEvent } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import {
  BRANCH_TEXTS,
  BRANCH_TOASTS,
  SUCCESS_CODE,
  branchIdRule,
  branchNameRule,
  calls,
  messageFor,
} from '@portico/contracts';
import { useApi } from '../api/context';
import { TextField } from '../ui/form/TextField';
import { useFormFields } from '../ui/form/use-form-fields';
import { useToasts } from '../ui/toasts-context';

export interface BranchAddFormProps {
  com: string;
  onAdded: () => Promise<unknown>;
}

/** Adds a branch: Id and Name are Required (section 5); a taken id shows on the Id field. */
export function BranchAddForm({ com, onAdded }: BranchAddFormProps) {
  const api = useApi();
  const toasts = useToasts();
  const form = useFormFields({
    initial: { id: '', name: '' },
    rules: { id: branchIdRule, name: branchNameRule },
    validateOnBlur: false,
  });
  const [idError, setIdError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setIdError(undefined);
    if (!form.validateAll()) return;
    setBusy(true);
    const { id, name } = form.values;
    const answer = await api.callApi(calls.branches.add, {
      com,
      branchid: id.trim(),
      name: name.trim(),
    });
    setBusy(false);
    if (answer.Code === SUCCESS_CODE) {
      toasts.show({ Title: name.trim(), Msg: BRANCH_TOASTS.added, Type: 'success' });
      form.setValue('id', '');
      form.setValue('name', '');
      await onAdded();
      return;
    }
    if (answer.Code === 'app_enrolled') setIdError(messageFor(answer.Code, 'addBranch'));
    toasts.show({ Title: name.trim(), Msg: BRANCH_TOASTS.addFailed, Type: 'danger' });
  }

  const idField = form.bind('id');
  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-label={BRANCH_TEXTS.addBranch}>
      <Row className="g-2 align-items-start">
        <Col sm={4}>
          <TextField
            id={`branch-add-id-${com}`}
            label={BRANCH_TEXTS.branchId}
            field={{
              ...idField,
              error: idField.error ?? idError,
              onChange: (event) => {
                setIdError(undefined);
                idField.onChange(event);
              },
            }}
            className="mb-0"
          />
        </Col>
        <Col sm={5}>
          <TextField
            id={`branch-add-name-${com}`}
            label={BRANCH_TEXTS.branchName}
            field={form.bind('name')}
            className="mb-0"
          />
        </Col>
        <Col sm={3} className="branch-add-action">
          <Button type="submit" variant="outline-primary" className="w-100" disabled={busy}>
            {BRANCH_TEXTS.addBranch}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
