import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import {
  BRANCH_TEXTS,
  BRANCH_TOASTS,
  CONSOLE_LABELS,
  SUCCESS_CODE,
  branchNameRule,
  calls,
  fieldError,
} from '@portico/contracts';
import { useApi } from '../api/context';
import { useConfirmDelete } from '../ui/confirm-delete';
import { useToasts } from '../ui/toasts-context';
import { useFocusBack } from './use-focus-back';

export interface BranchRowProps {
  com: string;
  branch: { id: string; name: string };
  canEdit: boolean;
  onChanged: () => Promise<unknown>;
}

/** One branch: Id and Name; with permission an Edit toggle (Apply, Cancel) and Delete. */
export function BranchRow({ com, branch, canEdit, onChanged }: BranchRowProps) {
  const api = useApi();
  const toasts = useToasts();
  const askToDelete = useConfirmDelete();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(branch.name);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const dirty = name.trim() !== branch.name;
  const inputId = `branch-name-${com}-${branch.id}`;
  const editButton = useFocusBack(editing);

  function cancel() {
    setName(branch.name);
    setError(undefined);
    setEditing(false);
  }

  async function apply(event: FormEvent) {
    event.preventDefault();
    const message = fieldError(branchNameRule, name);
    setError(message);
    if (message !== undefined) return;
    setBusy(true);
    const answer = await api.callApi(calls.branches.update, {
      com,
      id: branch.id,
      name: name.trim(),
    });
    setBusy(false);
    const ok = answer.Code === SUCCESS_CODE;
    toasts.show({
      Title: name.trim(),
      Msg: ok ? BRANCH_TOASTS.updated : BRANCH_TOASTS.updateFailed,
      Type: ok ? 'success' : 'danger',
    });
    if (!ok) return;
    setEditing(false);
    await onChanged();
  }

  function confirmDelete() {
    askToDelete(async () => {
      const answer = await api.callApi(calls.branches.remove, { com, id: branch.id });
      const ok = answer.Code === SUCCESS_CODE;
      toasts.show({
        Title: branch.name,
        Msg: ok ? BRANCH_TOASTS.deleted : BRANCH_TOASTS.deleteFailed,
        Type: ok ? 'success' : 'danger',
      });
      if (ok) await onChanged();
    }, CONSOLE_LABELS.delete);
  }

  if (editing) {
    return (
      <tr>
        <td>{branch.id}</td>
        <td colSpan={2}>
          <Form
            noValidate
            onSubmit={(event) => void apply(event)}
            className="d-flex flex-wrap gap-2 align-items-end"
          >
            <Form.Group controlId={inputId} className="flex-grow-1">
              <Form.Label className="small mb-1">{BRANCH_TEXTS.branchName}</Form.Label>
              <Form.Control
                size="sm"
                value={name}
                autoFocus
                onChange={(event) => {
                  setName(event.target.value);
                  setError(undefined);
                }}
                isInvalid={error !== undefined}
                aria-invalid={error !== undefined}
                aria-describedby={error ? `${inputId}-error` : undefined}
              />
              {error && (
                <Form.Control.Feedback type="invalid" id={`${inputId}-error`} role="alert">
                  {error}
                </Form.Control.Feedback>
              )}
            </Form.Group>
            <Button type="submit" size="sm" disabled={!dirty || busy}>
              {CONSOLE_LABELS.apply}
            </Button>
            <Button size="sm" variant="outline-secondary" onClick={cancel} disabled={busy}>
              {CONSOLE_LABELS.cancel}
            </Button>
          </Form>
        </td>
      </tr>
    );
  }

  return (
    <tr>
      <td>{branch.id}</td>
      <td>{branch.name}</td>
      {canEdit && (
        <td className="text-end text-nowrap">
          <Button
            ref={editButton}
            size="sm"
            variant="link"
            onClick={() => setEditing(true)}
            aria-label={`${CONSOLE_LABELS.edit} ${branch.name}`}
          >
            {CONSOLE_LABELS.edit}
          </Button>
          <Button
            size="sm"
            variant="link"
            className="text-danger"
            onClick={confirmDelete}
            aria-label={`${CONSOLE_LABELS.delete} ${branch.name}`}
          >
            {CONSOLE_LABELS.delete}
          </Button>
        </td>
      )}
    </tr>
  );
}
