import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { INVITE_LABELS as L, INVITE_MESSAGES } from '@portico/contracts';
import { useApi } from '../api/context';
import { registerPath, type RegisterLocationState } from '../register/invitation';
import { SCREENS } from '../screens';
import { ClientLogo } from '../sso/ClientLogo';
import { InfoPage } from '../ui/InfoPage';
import { Loading } from '../ui/Loading';
import { PublicCard } from '../ui/PublicCard';
import { InviteOffer } from './InviteOffer';
import { inviteDetailsQuery } from './queries';

/**
 * /invite?code=&email= (section 2). An incomplete link, or one already accepted, goes on to
 * /reg (section 4); /reg explains what the user can do there.
 */
export function InviteScreen() {
  const [params] = useSearchParams();
  const code = params.get('code')?.trim() ?? '';
  const email = params.get('email')?.trim() ?? '';
  if (code === '' || email === '') {
    return <Navigate to={registerPath(code, email)} replace />;
  }
  return <InviteDetailsLoader key={`${code} ${email}`} code={code} email={email} />;
}

function InviteDetailsLoader({ code, email }: { code: string; email: string }) {
  const api = useApi();
  const navigate = useNavigate();
  const details = useQuery(inviteDetailsQuery(api, code, email));
  const answer = details.data;

  if (!answer) {
    return (
      <PublicCard>
        <ClientLogo />
        <Loading label={L.loading} />
      </PublicCard>
    );
  }
  if (answer.Code === 'invite_accepted') {
    const state: RegisterLocationState = { inviteAccepted: true };
    return <Navigate to={registerPath(code, email)} replace state={state} />;
  }
  if (answer.Code !== '200') {
    // Section 8 keeps the code as the error: it stays in the query's answer, never on screen
    // (a code is no word for a person). The Login button is the way on.
    return (
      <InfoPage
        header={<ClientLogo />}
        tone="danger"
        title={INVITE_MESSAGES.notFoundTitle}
        subtitle={INVITE_MESSAGES.notFoundText}
        action={{ label: L.login, onClick: () => navigate(SCREENS.sso.path) }}
      />
    );
  }
  return <InviteOffer details={answer.Msg} code={code} email={email} />;
}
