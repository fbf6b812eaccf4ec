import { useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { SUCCESS_CODE, calls } from '@portico/contracts';
import type { Answer } from '../api/client';
import { useSession } from '../session/context';
import { sessionKeys } from '../session/queries';
import type { MfaFlags } from '../session/reauth/methods';
import { ReauthDialog } from '../session/reauth/ReauthDialog';
import { ssoPath } from '../session/sso-path';
import type { SsoEntryState } from '../sso/sso-params';

/**
 * Shown while the session is expired (specification, section 2): re-authentication in place by
 * password, MPIN or passkey over the page the user was on, or the way to the login of the client.
 */
export function SessionExpiredDialog() {
  const session = useSession();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const here = `${pathname}${search}`;
  return (
    <ReauthDialog
      show={session.sessionExpired}
      person={session.expiredPerson}
      flags={
        session.details ??
        expiredFlags(
          queryClient.getQueryData<Answer<typeof calls.auth.details>>(sessionKeys.details),
        )
      }
      client={session.client}
      redirect={here}
      onReauthenticated={session.reauthenticated}
      onDeviceVerification={(otpref) => {
        // Another browser than the session's: the login's device step takes the e-mailed code,
        // then the journey returns here.
        const state: SsoEntryState = { deviceOtpRef: otpref };
        navigate(`${ssoPath(session.client)}&redir=${encodeURIComponent(here)}`, { state });
      }}
    />
  );
}

/** The MFA flags a session_expired answer of the details carries (section 4). */
function expiredFlags(answer: Answer<typeof calls.auth.details> | undefined): MfaFlags | undefined {
  if (!answer || answer.Code === SUCCESS_CODE) return undefined;
  const parsed = calls.auth.sessionExpiredDetails.safeParse(answer.Msg);
  return parsed.success ? parsed.data : undefined;
}
