import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_ROLE_ID,
  GLOBAL_APP_ID,
  OWNER_ACTION_TEXTS,
  USERS_SCREEN_TEXTS,
  calls,
} from '@portico/contracts';
import { useApi } from '../../api/context';
import { sessionKeys } from '../../session/queries';
import { useDialogs } from '../../ui/dialogs-context';
import { useToasts } from '../../ui/toasts-context';
import type { GroupedUser } from '../grouped-user';
import { usersKeys } from '../queries';

const T = OWNER_ACTION_TEXTS;

/**
 * The owner's controls on a verified member's card: grant or take back the company's admin role
 * (users.updateRoles on application `global`, the member's other roles untouched), and hand the
 * company over (users.transferOwnership, after a confirmation; the owner becomes an admin, so
 * the session's roles are read again).
 */
export function OwnerActions({ user, name }: { user: GroupedUser; name: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const dialogs = useDialogs();
  const [busy, setBusy] = useState(false);
  const companyRoles = user.access.find((row) => row.app === GLOBAL_APP_ID)?.roles ?? [];
  const isAdmin = companyRoles.includes(ADMIN_ROLE_ID);

  function said(ok: boolean, text: string) {
    toasts.show({
      Title: ok ? USERS_SCREEN_TEXTS.successTitle : USERS_SCREEN_TEXTS.failedTitle,
      Msg: ok ? text : T.failed,
      Type: ok ? 'success' : 'danger',
    });
  }

  async function toggleAdmin() {
    setBusy(true);
    const roles = isAdmin
      ? companyRoles.filter((role) => role !== ADMIN_ROLE_ID)
      : [...companyRoles, ADMIN_ROLE_ID];
    const answer = await api.callApi(calls.users.updateRoles, {
      email: user.email,
      data: [{ app: GLOBAL_APP_ID, roles }],
    });
    said(answer.Code === '200', isAdmin ? T.adminRemoved(name) : T.adminGranted(name));
    await queryClient.invalidateQueries({ queryKey: usersKeys.all });
    setBusy(false);
  }

  function transfer() {
    dialogs.open({
      title: T.transferTitle,
      content: <p className="mb-0">{T.transferText(name)}</p>,
      confirmContent: T.transferConfirm,
      confirmVariant: 'danger',
      onConfirm: async () => {
        const answer = await api.callApi(calls.users.transferOwnership, { email: user.email });
        said(answer.Code === '200', T.transferred(name));
        await queryClient.invalidateQueries({ queryKey: usersKeys.all });
        await queryClient.invalidateQueries({ queryKey: sessionKeys.details });
      },
    });
  }

  return (
    <div className="d-flex flex-wrap gap-2" role="group" aria-label={T.group}>
      <Button
        size="sm"
        variant="outline-primary"
        disabled={busy}
        onClick={() => void toggleAdmin()}
      >
        {isAdmin ? T.removeAdmin : T.makeAdmin}
      </Button>
      <Button size="sm" variant="outline-danger" disabled={busy} onClick={transfer}>
        {T.transfer}
      </Button>
    </div>
  );
}
