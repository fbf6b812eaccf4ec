import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import { EDITOR_LABELS, USERS_SCREEN_TEXTS, calls, personNameRule } from '@portico/contracts';
import { useApi } from '../../api/context';
import { useToasts } from '../../ui/toasts-context';
import { usersKeys } from '../queries';
import { Truncated } from '../../ui/Truncated';

const T = USERS_SCREEN_TEXTS;

export interface UserNameProps {
  userid: string | null;
  fname: string;
  lname: string;
  editable: boolean;
}

/** Name (first and last) of the user in this company, editable by a permitted administrator. */
export function UserName({ userid, fname, lname, editable }: UserNameProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState({ fname, lname });
  const [busy, setBusy] = useState(false);
  const full = `${fname} ${lname}`.trim();
  const first = personNameRule.safeParse(draft.fname);
  const last = personNameRule.safeParse(draft.lname);

  async function save() {
    if (!userid || !first.success || !last.success) return;
    setBusy(true);
    const answer = await api.callApi(calls.users.updatePreference, {
      userid,
      fname: first.data,
      lname: last.data,
    });
    setBusy(false);
    const ok = answer.Code === '200';
    toasts.show({
      Title: ok ? T.successTitle : T.failedTitle,
      Msg: ok ? T.nameUpdated : T.nameUpdateFailed,
      Type: ok ? 'success' : 'danger',
    });
    if (!ok) return;
    setEditing(false);
    await queryClient.invalidateQueries({ queryKey: usersKeys.all });
  }

  if (!editing) {
    return (
      <div className="d-flex align-items-center gap-2">
        {full ? (
          <Truncated text={full} />
        ) : (
          <span className="text-body-secondary">{EDITOR_LABELS.empty}</span>
        )}
        {editable && userid && (
          <Button
            size="sm"
            variant="link"
            className="p-0"
            onClick={() => {
              setDraft({ fname, lname });
              setEditing(true);
            }}
          >
            {T.editName}
          </Button>
        )}
      </div>
    );
  }
  return (
    <Form
      noValidate
      className="d-flex flex-wrap align-items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Form.Group controlId={`fname-${userid}`}>
        <Form.Label className="small mb-1">{T.firstNameLabel}</Form.Label>
        <Form.Control
          size="sm"
          value={draft.fname}
          isInvalid={!first.success}
          onChange={(event) => setDraft({ ...draft, fname: event.currentTarget.value })}
          autoFocus
        />
        <Form.Control.Feedback type="invalid" role="alert">
          {first.error?.issues[0]?.message}
        </Form.Control.Feedback>
      </Form.Group>
      <Form.Group controlId={`lname-${userid}`}>
        <Form.Label className="small mb-1">{T.lastNameLabel}</Form.Label>
        <Form.Control
          size="sm"
          value={draft.lname}
          isInvalid={!last.success}
          onChange={(event) => setDraft({ ...draft, lname: event.currentTarget.value })}
        />
        <Form.Control.Feedback type="invalid" role="alert">
          {last.error?.issues[0]?.message}
        </Form.Control.Feedback>
      </Form.Group>
      <Button size="sm" type="submit" disabled={busy || !first.success || !last.success}>
        {T.saveName}
      </Button>
      <Button
        size="sm"
        variant="outline-secondary"
        onClick={() => setEditing(false)}
        disabled={busy}
      >
        {T.cancel}
      </Button>
    </Form>
  );
}
