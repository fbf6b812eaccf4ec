import { useEffect, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import { USERS_MESSAGES, USERS_SCREEN_TEXTS, calls, encodeBase64 } from '@portico/contracts';
import { useApi } from '../../api/context';
import { useToasts } from '../../ui/toasts-context';
import type { DialogControl } from '../form-dialog';
import { usersKeys } from '../queries';
import { allGroups, grantsOf, type RoleDefinitions } from '../role-groups';
import { RoleSwitches } from './RoleSwitches';

const T = USERS_SCREEN_TEXTS;

export interface InviteFormProps {
  control: DialogControl;
  defs: RoleDefinitions;
  viewerRoles: readonly string[];
}

/** The Invite user dialog: e-mail, an App dropdown and the role switches of the chosen app. */
export function InviteForm({ control, defs, viewerRoles }: InviteFormProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const groups = allGroups(defs);
  const [email, setEmail] = useState('');
  const [app, setApp] = useState(groups[0]?.id ?? '');
  const [selection, setSelection] = useState<Record<string, string[]>>({});
  const group = groups.find((g) => g.id === app);

  useEffect(() => {
    const address = email.trim();
    const grants = grantsOf(selection);
    // Section 5: Invite is enabled only with an e-mail typed and at least one role selected.
    control.setConfirm(address !== '' && grants.length > 0, async () => {
      const answer = await api.callApi(calls.invites.send, {
        email: encodeBase64(address),
        roles: grants,
      });
      if (answer.Code !== '200') {
        toasts.show({
          Title: USERS_MESSAGES.inviteFailedTitle,
          Msg: USERS_MESSAGES.inviteFailed(address),
          Type: 'danger',
        });
        return false;
      }
      toasts.show({
        Title: USERS_MESSAGES.inviteSuccessTitle,
        Msg: USERS_MESSAGES.inviteSent(address),
        Type: 'success',
      });
      await queryClient.invalidateQueries({ queryKey: usersKeys.all });
      return true;
    });
  }, [api, control, email, queryClient, selection, toasts]);

  return (
    <Form
      noValidate
      onSubmit={(event) => event.preventDefault()}
      className="d-flex flex-column gap-3"
    >
      <Form.Group controlId="invite-email">
        <Form.Label>{T.emailLabel}</Form.Label>
        <Form.Control
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          autoFocus
        />
      </Form.Group>
      <Form.Group controlId="invite-app">
        <Form.Label>{T.appLabel}</Form.Label>
        <Form.Select value={app} onChange={(event) => setApp(event.currentTarget.value)}>
          {groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
              {(selection[g.id]?.length ?? 0) > 0 ? ` (${selection[g.id]?.length})` : ''}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {group && (
        <RoleSwitches
          idPrefix="invite-role"
          group={group}
          viewerRoles={viewerRoles}
          selected={selection[group.id] ?? []}
          onChange={(roles) => setSelection((s) => ({ ...s, [group.id]: roles }))}
        />
      )}
    </Form>
  );
}
