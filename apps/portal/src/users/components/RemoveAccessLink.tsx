import { Button } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import { USERS_MESSAGES, USERS_SCREEN_TEXTS, calls } from '@portico/contracts';
import { useApi } from '../../api/context';
import { useDialogs } from '../../ui/dialogs-context';
import { useToasts } from '../../ui/toasts-context';
import { usersKeys } from '../queries';

/** Remove User Access, after the confirmation of section 2 (confirm button Remove Access). */
export function RemoveAccessLink({ email }: { email: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const dialogs = useDialogs();

  function confirm() {
    dialogs.open({
      title: USERS_MESSAGES.removeAccessTitle,
      content: <p className="mb-0">{USERS_MESSAGES.removeAccessText}</p>,
      confirmContent: USERS_MESSAGES.removeAccessConfirm,
      confirmVariant: 'danger',
      onConfirm: async () => {
        const answer = await api.callApi(calls.users.removeAccess, { email });
        const ok = answer.Code === '200';
        toasts.show({
          Title: ok ? USERS_SCREEN_TEXTS.successTitle : USERS_SCREEN_TEXTS.failedTitle,
          Msg: ok ? USERS_MESSAGES.accessRemoved : USERS_MESSAGES.accessRemoveFailed,
          Type: ok ? 'success' : 'danger',
        });
        if (ok) await queryClient.invalidateQueries({ queryKey: usersKeys.all });
      },
    });
  }

  return (
    <Button variant="link" className="p-0 text-danger" onClick={confirm}>
      {USERS_SCREEN_TEXTS.removeUserAccess}
    </Button>
  );
}
