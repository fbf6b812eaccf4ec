import { useQuery } from '@tanstack/react-query';
import { Navigate, useSearchParams } from 'react-router-dom';
import { INVITE_LABELS as L, INVITE_MESSAGES } from '@portico/contracts';
import { useApi } from '../api/context';
import { registerPath, type RegisterLocationState } from '../register/invitation';
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
  const details = useQuery(inviteDetailsQuery(api, code, email));
  const answer = details.data;

  if (!answer) {
    return (
      <PublicCard>
        <Loading label={L.loading} />
      </PublicCard>
    );
  }
  if (answer.Code === 'invite_accepted') {
    const state: RegisterLocationState = { inviteAccepted: true };
    return <Navigate to={registerPath(code, email)} replace state={state} />;
  }
  if (answer.Code !== '200') {
    return (
      <InfoPage
        tone="danger"
        title={INVITE_MESSAGES.notFoundTitle}
        subtitle={INVITE_MESSAGES.notFoundText}
      >
        {/* The code is kept as the error (section 8), shown small for whoever helps the user. */}
        <p className="small text-body-secondary text-center mt-2 mb-0" data-testid="invite-error">
          {answer.Code}
        </p>
      </InfoPage>
    );
  }
  return <InviteOffer details={answer.Msg} code={code} email={email} />;
}
