import { useEffect, useState } from 'react';
import { Button } from 'react-bootstrap';
import {
  RESEND_INVITE_COOLDOWN_MS,
  USERS_MESSAGES,
  USERS_SCREEN_TEXTS,
  calls,
} from '@portico/contracts';
import { useApi } from '../../api/context';
import { useToasts } from '../../ui/toasts-context';

export interface ResendButtonProps {
  email: string;
  app: string;
  appName: string;
  disabled?: boolean;
}

/** Resend of a pending invitation; disabled for 30 s after a successful resend (section 4). */
export function ResendButton({ email, app, appName, disabled = false }: ResendButtonProps) {
  const api = useApi();
  const toasts = useToasts();
  const [busy, setBusy] = useState(false);
  const [coolingDown, setCoolingDown] = useState(false);

  useEffect(() => {
    if (!coolingDown) return;
    const timer = setTimeout(() => setCoolingDown(false), RESEND_INVITE_COOLDOWN_MS);
    return () => clearTimeout(timer);
  }, [coolingDown]);

  async function resend() {
    setBusy(true);
    const answer = await api.callApi(calls.invites.resend, { email, app });
    setBusy(false);
    if (answer.Code === '200') {
      setCoolingDown(true);
      toasts.show({
        Title: USERS_MESSAGES.invitationResentTitle,
        Msg: USERS_MESSAGES.invitationResent(email, appName),
        Type: 'success',
      });
    } else {
      toasts.show({
        Title: USERS_MESSAGES.resendFailedTitle,
        Msg: USERS_MESSAGES.resendFailed,
        Type: 'danger',
      });
    }
  }

  return (
    <>
      <Button
        size="sm"
        variant="outline-primary"
        disabled={disabled || busy || coolingDown}
        onClick={() => void resend()}
      >
        {USERS_SCREEN_TEXTS.resend}
      </Button>
      <span role="status" className="small text-success">
        {coolingDown ? USERS_MESSAGES.inviteResent : ''}
      </span>
    </>
  );
}
