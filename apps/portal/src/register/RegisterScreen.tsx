import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { INVITE_MESSAGES, REGISTER_LABELS as L, REGISTER_MESSAGES } from '@portico/contracts';
import { SCREENS } from '../screens';
import { InfoPage } from '../ui/InfoPage';
import { invitationFrom, type Invitation, type RegisterLocationState } from './invitation';
import { RegisterFlow } from './RegisterFlow';

/**
 * /reg?code=&email= (section 2). Registration claims an invitation, so without a usable one
 * (or with one /invite found already accepted) there is nothing to fill in: the screen says
 * why and offers the login instead of a form that could only fail.
 */
export function RegisterScreen() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const invitation: Invitation | undefined = invitationFrom(params);
  const state = location.state as RegisterLocationState | null;
  const login = { label: L.login, onClick: () => navigate(SCREENS.sso.path) };

  if (state?.inviteAccepted) {
    return (
      <InfoPage title={INVITE_MESSAGES.acceptedTitle} subtitle={L.alreadyAccepted} action={login} />
    );
  }
  if (!invitation) {
    return <InfoPage title={REGISTER_MESSAGES.title} subtitle={L.inviteOnly} action={login} />;
  }
  // Keyed by the invitation so another link starts with a fresh form.
  return <RegisterFlow key={`${invitation.code} ${invitation.email}`} invitation={invitation} />;
}
