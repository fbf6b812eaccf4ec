import { useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import { USER_STATUS, USERS_MESSAGES, USERS_SCREEN_TEXTS, calls } from '@portico/contracts';
import { useApi } from '../../api/context';
import { useToasts } from '../../ui/toasts-context';
import { usersKeys } from '../queries';

const T = USERS_SCREEN_TEXTS;

export interface AccountBlockedProps {
  username: string;
  status: string;
  mayReset: boolean;
}

/**
 * The Account Blocked block with Reset; after a reset the status is the reset-sent value
 * (awaiting_reset), at once and after the list reloads.
 */
export function AccountBlocked({ username, status, mayReset }: AccountBlockedProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const [busy, setBusy] = useState(false);
  const [resetSent, setResetSent] = useState(false);
  const shown = resetSent ? USER_STATUS.awaitingReset : status;

  async function reset() {
    setBusy(true);
    const answer = await api.callApi(calls.users.resetPassword, { username });
    setBusy(false);
    const ok = answer.Code === '200';
    toasts.show({
      Title: ok ? T.successTitle : T.failedTitle,
      Msg: ok ? USERS_MESSAGES.resetInitiated : USERS_MESSAGES.resetFailed,
      Type: ok ? 'success' : 'danger',
    });
    if (!ok) return;
    setResetSent(true);
    await queryClient.invalidateQueries({ queryKey: usersKeys.all });
  }

  if (shown === USER_STATUS.awaitingReset) {
    return (
      <Alert variant="info" className="mb-0 py-2">
        <div>
          {T.status}: <strong>{T.statusLabel(shown)}</strong>
        </div>
        <div className="small">{T.resetSentText}</div>
      </Alert>
    );
  }
  return (
    <Alert variant="danger" className="mb-0 py-2 d-flex flex-wrap align-items-center gap-2">
      <div className="me-auto">
        <div className="fw-semibold">{T.accountBlocked}</div>
        <div className="small">{T.accountBlockedText}</div>
      </div>
      {mayReset && (
        <Button size="sm" variant="danger" disabled={busy} onClick={() => void reset()}>
          {T.reset}
        </Button>
      )}
    </Alert>
  );
}
