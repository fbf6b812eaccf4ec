import { useCallback, useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import {
  PORTAL_CLIENT_ID,
  SIGN_IN_TEXTS,
  SUCCESS_CODE,
  calls,
  connectTo,
  deniedText,
  gatePage,
} from '@portico/contracts';
import { useApi } from '../api/context';
import { InfoPage } from '../ui/InfoPage';
import { PublicCard } from '../ui/PublicCard';
import { ClientLogo } from './ClientLogo';
import { CompanyStep } from './CompanyStep';
import { ConfirmStep } from './ConfirmStep';
import { CredentialsStep } from './CredentialsStep';
import { DeviceStep } from './DeviceStep';
import { ExpiredSessionOffer } from './ExpiredSessionOffer';
import { LandingStep } from './LandingStep';
import { SecondFactorStep } from './SecondFactorStep';
import { leavePortal } from './leave-portal';
import type { Choice } from './sign-in-state';
import { destination } from './destination';
import { useSsoParams } from './sso-params';
import { useSignIn } from './use-sign-in';
import { isServerDown, ServerDownPage } from '../ui/ServerDownPage';
import { Loading } from '../ui/Loading';

/**
 * /sso (specification, section 2): the whole sign-in journey on one route, one card per step:
 * credentials, device verification, PIN or passkey confirmation (or, where a second factor is
 * required and the user has none, its set-up: docs/mfa.md), company, "Connect to <app>".
 * Gate failures replace the card with their information page.
 */
export function LoginScreen() {
  const params = useSsoParams();
  const api = useApi();
  const navigate = useNavigate();
  const journey = useSignIn(params);
  const { state } = journey;
  const left = useRef(false);

  const icon = useQuery({
    queryKey: ['landing-icon', params.client],
    queryFn: ({ signal }) =>
      api.callApi(calls.auth.landingIcon, { client: params.client }, { signal }),
    staleTime: Infinity,
  });
  const iconUrl = icon.data?.Code === SUCCESS_CODE ? icon.data.Msg : undefined;
  const logo = <ClientLogo src={iconUrl} />;

  const leave = useCallback(
    (choice: Choice) => {
      if (left.current) return;
      left.current = true;
      leavePortal.to(destination(choice, params.client, params.redir));
    },
    [params.client, params.redir],
  );

  // The console itself needs no "Connect to" page: the person is already in it (issue 17).
  // Other applications keep the landing page and its countdown (section 2).
  const straightIn = params.client === PORTAL_CLIENT_ID;
  const landing = state.step.kind === 'landing' ? state.step.choice : undefined;
  useEffect(() => {
    if (straightIn && landing) leave(landing);
  }, [straightIn, landing, leave]);

  const startOver = useCallback(() => {
    journey.restart();
    navigate({ search: window.location.search }, { replace: true });
  }, [journey, navigate]);

  // The server cannot serve a sign-in now (a dependency is down): say so before the password.
  if (isServerDown(icon.data?.Code) && state.step.kind === 'credentials') {
    return <ServerDownPage onRetry={() => void icon.refetch()} />;
  }

  // An unknown client cannot sign in at all: say so before anyone types a password.
  if (icon.data?.Code === 'callback_invalid' && state.step.kind === 'credentials') {
    const page = gatePage('callback_invalid');
    return <InfoPage header={logo} tone="danger" title={page.title} subtitle={page.text} />;
  }

  const step = state.step;
  if (step.kind === 'gate') {
    const page = gatePage(step.code, step.app);
    return (
      <InfoPage
        header={logo}
        tone="danger"
        title={page.title}
        subtitle={page.text}
        action={{ label: SIGN_IN_TEXTS.continue, onClick: startOver }}
      />
    );
  }
  if (step.kind === 'denied') {
    return (
      <InfoPage
        header={logo}
        title={SIGN_IN_TEXTS.deniedTitle}
        subtitle={deniedText(step.app)}
        action={{ label: SIGN_IN_TEXTS.backToLogin, onClick: startOver }}
      />
    );
  }

  return (
    <PublicCard>
      {logo}
      {step.kind === 'credentials' && state.autologging && (
        <Loading label={SIGN_IN_TEXTS.checkingSession} />
      )}
      {step.kind === 'credentials' && state.expired && !state.autologging && (
        <ExpiredSessionOffer
          expired={state.expired}
          client={params.client}
          redirect={params.redir}
          onReauthenticated={journey.reauthenticated}
          onDeviceVerification={journey.deviceVerificationStarted}
        />
      )}
      {step.kind === 'credentials' && !state.autologging && (
        <CredentialsStep
          signingIn={state.signingIn}
          message={state.message}
          onSubmit={journey.signIn}
        />
      )}
      {step.kind === 'device' && (
        <DeviceStep
          verified={step.verified}
          sending={state.signingIn}
          message={state.message}
          onVerify={journey.verifyDevice}
          onContinue={journey.continueAfterDevice}
        />
      )}
      {step.kind === 'confirm' && state.login && (
        <ConfirmStep
          login={state.login}
          client={params.client}
          redirect={params.redir}
          message={state.message}
          onAnswer={journey.confirmed}
          onStartOver={startOver}
        />
      )}
      {step.kind === 'secondFactor' && (
        <SecondFactorStep onDone={journey.secondFactorSet} onStartOver={startOver} />
      )}
      {step.kind === 'company' && (
        <CompanyStep
          companies={state.companies}
          sending={state.signingIn}
          message={state.message}
          onChoose={journey.chooseCompany}
        />
      )}
      {step.kind === 'landing' &&
        (straightIn ? (
          <Loading label={connectTo(step.choice.app)} />
        ) : (
          <LandingStep
            app={step.choice.app}
            onGo={() => leave(step.choice)}
            onDeny={journey.deny}
          />
        ))}
    </PublicCard>
  );
}
