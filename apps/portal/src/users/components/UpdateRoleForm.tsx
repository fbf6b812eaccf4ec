import { useEffect, useMemo, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import { USERS_MESSAGES, USERS_SCREEN_TEXTS, calls } from '@portico/contracts';
import { useApi } from '../../api/context';
import { useToasts } from '../../ui/toasts-context';
import type { DialogControl } from '../form-dialog';
import { visibleRoles } from '../permissions';
import { usersKeys } from '../queries';
import { allGroups, type RoleDefinitions } from '../role-groups';
import { RoleSwitches } from './RoleSwitches';
import { type GroupedUser } from '../grouped-user';

const T = USERS_SCREEN_TEXTS;

export interface UpdateRoleFormProps {
  control: DialogControl;
  defs: RoleDefinitions;
  viewerRoles: readonly string[];
  user: GroupedUser;
}

function heldRoles(user: GroupedUser): Record<string, string[]> {
  return Object.fromEntries(user.access.map((row) => [row.app, row.roles]));
}

/**
 * The Update Role dialog: the switches show what the user holds per app; Apply sends the apps
 * that changed. Roles without a switch (the hidden admin role) are kept as they are, and an
 * app left without roles loses its access or invitation (section 4). A new app is granted to a
 * member and mailed as an invitation to someone who has not joined yet (the server decides).
 */
export function UpdateRoleForm({ control, defs, viewerRoles, user }: UpdateRoleFormProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const groups = useMemo(() => allGroups(defs), [defs]);
  const [held] = useState(() => heldRoles(user));
  const [app, setApp] = useState(user.access[0]?.app ?? groups[0]?.id ?? '');
  const [selection, setSelection] = useState<Record<string, string[]>>(held);
  const group = groups.find((g) => g.id === app);

  useEffect(() => {
    const data = groups
      .filter((g) => selection[g.id] !== undefined && !sameRoles(selection[g.id], held[g.id]))
      .map((g) => {
        const switchable = new Set(visibleRoles(g.id, g.roles, viewerRoles).map((r) => r.id));
        const kept = (held[g.id] ?? []).filter((role) => !switchable.has(role));
        const chosen = (selection[g.id] ?? []).filter((role) => switchable.has(role));
        return { app: g.id, roles: [...kept, ...chosen] };
      });
    control.setConfirm(data.length > 0, async () => {
      const answer = await api.callApi(calls.users.updateRoles, { email: user.email, data });
      if (answer.Code !== '200') {
        toasts.show({ Title: T.failedTitle, Msg: T.rolesUpdateFailed, Type: 'danger' });
        return false;
      }
      // Someone who has not joined yet is invited to a new app (mailed), not granted it.
      const invited = answer.Msg.invited.length > 0;
      toasts.show({
        Title: invited ? USERS_MESSAGES.inviteSuccessTitle : T.successTitle,
        Msg: invited ? USERS_MESSAGES.inviteSent(user.email) : T.rolesUpdated,
        Type: 'success',
      });
      await queryClient.invalidateQueries({ queryKey: usersKeys.all });
      return true;
    });
  }, [api, control, groups, held, queryClient, selection, toasts, user.email, viewerRoles]);

  return (
    <Form
      noValidate
      onSubmit={(event) => event.preventDefault()}
      className="d-flex flex-column gap-3"
    >
      <Form.Group controlId="update-role-app">
        <Form.Label>{T.appLabel}</Form.Label>
        <Form.Select value={app} onChange={(event) => setApp(event.currentTarget.value)}>
          {groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {group && (
        <RoleSwitches
          idPrefix="update-role"
          group={group}
          viewerRoles={viewerRoles}
          selected={selection[group.id] ?? []}
          onChange={(roles) => setSelection((s) => ({ ...s, [group.id]: roles }))}
        />
      )}
    </Form>
  );
}

function sameRoles(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  const left = new Set(a ?? []);
  const right = new Set(b ?? []);
  return left.size === right.size && [...left].every((role) => right.has(role));
}
