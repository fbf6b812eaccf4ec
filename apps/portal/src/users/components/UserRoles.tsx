import { Badge, Button } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import { ACCESS_ENTRY_STATUS, USERS_MESSAGES, USERS_SCREEN_TEXTS, calls } from '@portico/contracts';
import { useApi } from '../../api/context';
import { useConfirmDelete } from '../../ui/confirm-delete';
import { useToasts } from '../../ui/toasts-context';
import { useFormDialog } from '../form-dialog';
import type { UserPermissions } from '../permissions';
import { usersKeys } from '../queries';
import { appName, roleName, type RoleDefinitions } from '../role-groups';
import { ResendButton } from './ResendButton';
import { UpdateRoleForm } from './UpdateRoleForm';
import { type GroupedUser } from '../grouped-user';
import { Truncated } from '../../ui/Truncated';

const T = USERS_SCREEN_TEXTS;

export interface UserRolesProps {
  user: GroupedUser;
  defs: RoleDefinitions | undefined;
  viewerRoles: readonly string[];
  permissions: UserPermissions;
}

/** Roles per app; a pending app shows "(pending)" with Resend and delete of the invitation. */
export function UserRoles({ user, defs, viewerRoles, permissions }: UserRolesProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const confirmDelete = useConfirmDelete();
  const openForm = useFormDialog();

  function confirmDeleteInvite(app: string) {
    const name = appName(defs, app);
    confirmDelete(async () => {
      const answer = await api.callApi(calls.invites.remove, { email: user.email, app });
      const ok = answer.Code === '200';
      toasts.show({
        Title: ok ? T.successTitle : T.failedTitle,
        Msg: ok ? USERS_MESSAGES.inviteDeleted(name) : USERS_MESSAGES.inviteDeleteFailed,
        Type: ok ? 'success' : 'danger',
      });
      if (ok) await queryClient.invalidateQueries({ queryKey: usersKeys.all });
    }, T.deleteButton);
  }

  return (
    <div className="d-flex flex-column gap-2">
      {user.access.length === 0 && <span className="text-body-secondary">{T.noRoles}</span>}
      <ul className="list-unstyled mb-0 d-flex flex-column gap-2">
        {user.access.map((row) => {
          const name = appName(defs, row.app);
          const pending = row.status === ACCESS_ENTRY_STATUS.pending;
          return (
            <li key={row.app} className="d-flex flex-wrap align-items-center gap-2">
              <span className="fw-semibold">
                <Truncated text={name} />
                {pending && (
                  <span className="text-warning-emphasis"> {USERS_MESSAGES.pending}</span>
                )}
              </span>
              {row.roles.map((role) => {
                const label = roleName(defs, row.app, role);
                return (
                  <Badge key={role} bg="light" text="dark" className="border fw-normal">
                    <Truncated text={label} />
                  </Badge>
                );
              })}
              {pending && permissions.invites && (
                <>
                  <ResendButton email={user.email} app={row.app} appName={name} />
                  <Button
                    size="sm"
                    variant="outline-danger"
                    onClick={() => confirmDeleteInvite(row.app)}
                    aria-label={T.deleteInvite(name)}
                  >
                    {T.deleteButton}
                  </Button>
                </>
              )}
            </li>
          );
        })}
      </ul>
      {permissions.editRoles && defs && (
        <div>
          <Button
            size="sm"
            variant="outline-primary"
            onClick={() =>
              openForm({
                title: T.updateRoleTitle,
                confirmContent: T.apply,
                render: (control) => (
                  <UpdateRoleForm
                    control={control}
                    defs={defs}
                    viewerRoles={viewerRoles}
                    user={user}
                  />
                ),
              })
            }
          >
            {T.updateRole}
          </Button>
        </div>
      )}
    </div>
  );
}
