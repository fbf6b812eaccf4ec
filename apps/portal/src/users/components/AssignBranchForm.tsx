import { useEffect, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import { USERS_SCREEN_TEXTS, calls } from '@portico/contracts';
import { useApi } from '../../api/context';
import { useToasts } from '../../ui/toasts-context';
import type { DialogControl } from '../form-dialog';
import { usersKeys } from '../queries';

const T = USERS_SCREEN_TEXTS;

export interface AssignBranchFormProps {
  control: DialogControl;
  com: string;
  userid: string;
  /** Only the company branches not yet assigned to the user (section 5). */
  branches: readonly { id: string; name: string }[];
}

/** The Assign Branch dialog: a branch, the Servicing Branch switch (on by default), Add. */
export function AssignBranchForm({ control, com, userid, branches }: AssignBranchFormProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const [branch, setBranch] = useState(branches[0]?.id ?? '');
  const [servicing, setServicing] = useState(true);

  useEffect(() => {
    control.setConfirm(branch !== '', async () => {
      const answer = await api.callApi(calls.branches.addUserBranch, {
        com,
        userid,
        branch,
        servicing,
      });
      const ok = answer.Code === '200';
      toasts.show({
        Title: ok ? T.successTitle : T.failedTitle,
        Msg: ok ? T.branchAssigned : T.branchAssignFailed,
        Type: ok ? 'success' : 'danger',
      });
      if (ok) await queryClient.invalidateQueries({ queryKey: usersKeys.all });
      return ok;
    });
  }, [api, branch, com, control, queryClient, servicing, toasts, userid]);

  return (
    <Form
      noValidate
      onSubmit={(event) => event.preventDefault()}
      className="d-flex flex-column gap-3"
    >
      <Form.Group controlId="assign-branch">
        <Form.Label>{T.branchLabel}</Form.Label>
        <Form.Select value={branch} onChange={(event) => setBranch(event.currentTarget.value)}>
          {branches.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Check
        type="switch"
        id="assign-branch-servicing"
        label={T.servicingLabel}
        checked={servicing}
        onChange={(event) => setServicing(event.currentTarget.checked)}
      />
    </Form>
  );
}
