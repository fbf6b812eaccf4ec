import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button } from 'react-bootstrap';
import { useNavigate } from 'react-router-dom';
import {
  calls,
  GLOBAL_APP_ID,
  INVITE_LABELS as L,
  INVITE_MESSAGES,
  inviteAcceptedText,
  inviteDeclinedText,
  inviteText,
  messageFor,
} from '@portico/contracts';
import { useApi } from '../api/context';
import { registerPath } from '../register/invitation';
import { SCREENS } from '../screens';
import { ClientLogo } from '../sso/ClientLogo';
import { InfoPage } from '../ui/InfoPage';
import { PublicCard } from '../ui/PublicCard';
import type { InviteDetails } from './queries';

export interface InviteOfferProps {
  details: InviteDetails;
  code: string;
  email: string;
}

/**
 * What the invitation grants, with Accept and Decline (section 4: pending -> verified on
 * Accept, or declined, locally). Someone without an account registers to accept.
 */
export function InviteOffer({ details, code, email }: InviteOfferProps) {
  const api = useApi();
  const navigate = useNavigate();
  const [declined, setDeclined] = useState(false);
  const acceptance = useMutation({
    mutationFn: () => api.callApi(calls.invites.accept, { access_code: code, email }),
    onSuccess: (answer) => {
      if (answer.Code === '200' && !answer.Msg.registered) {
        navigate(registerPath(code, email));
      }
    },
  });

  const company = details.com.name;
  if (declined) {
    return (
      <InfoPage
        header={<ClientLogo />}
        title={INVITE_MESSAGES.declinedTitle}
        subtitle={inviteDeclinedText(company)}
      />
    );
  }
  const answer = acceptance.data;
  if (answer?.Code === '200' && answer.Msg.registered) {
    return (
      <InfoPage
        header={<ClientLogo />}
        tone="success"
        title={INVITE_MESSAGES.acceptedTitle}
        subtitle={inviteAcceptedText(company)}
        action={{ label: L.login, onClick: () => navigate(SCREENS.sso.path) }}
      />
    );
  }

  // The invitation and the company's other open ones for this e-mail, accepted together.
  const texts = [{ app: details.app, roles: details.roles }, ...(details.also ?? [])].map((grant) =>
    inviteText(
      company,
      grant.roles.map((role) => role.name),
      grant.app.id === GLOBAL_APP_ID ? undefined : grant.app.name,
    ),
  );
  const failure =
    answer && answer.Code !== '200' ? messageFor(answer.Code, 'inviteAccept') : undefined;
  const busy = acceptance.isPending;

  return (
    <PublicCard>
      <ClientLogo />
      <h1 className="h4 fw-semibold text-center mb-3">{SCREENS.invite.label}</h1>
      {texts.map((text, index) => (
        <p key={text} className={`text-center ${index === texts.length - 1 ? 'mb-4' : 'mb-2'}`}>
          {text}
        </p>
      ))}
      {failure && (
        <Alert variant="danger" role="alert" className="py-2">
          {failure}
        </Alert>
      )}
      <div className="d-flex gap-2">
        <Button
          className="flex-fill"
          disabled={busy}
          aria-busy={busy}
          onClick={() => acceptance.mutate()}
        >
          {L.accept}
        </Button>
        <Button
          variant="outline-secondary"
          className="flex-fill"
          disabled={busy}
          onClick={() => setDeclined(true)}
        >
          {L.decline}
        </Button>
      </div>
    </PublicCard>
  );
}
