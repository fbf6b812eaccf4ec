import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PORTAL_CLIENT_ID, SUCCESS_CODE, calls, featureFlags } from '@portico/contracts';
import { useApi } from '../api/context';
import { sessionCompaniesQuery, sessionDetailsQuery, type SessionCompany } from './queries';
import { SessionContext, type Session, type SessionPerson } from './context';
import { ssoPath } from './sso-path';
import { browser } from './browser';
import { SCREENS } from '../screens';
import { isServerDown, ServerDownPage } from '../ui/ServerDownPage';

/**
 * Loads the session details for the signed-in shell and holds the authentication state:
 * 200 stores the details and computes the feature flags; session_expired (or the global
 * answer rule) raises sessionExpired; an outage (unavailable, or no answer) shows the Server
 * Error page in place; any other code sends the browser to /sso?client=<client>.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [expiredByAnswer, setExpiredByAnswer] = useState(false);
  const [signedOut, setSignedOut] = useState(false);

  useEffect(() => api.onSessionExpired(() => setExpiredByAnswer(true)), [api]);

  const detailsQuery = useQuery(sessionDetailsQuery(api));
  const answer = detailsQuery.data;
  const details = answer?.Code === SUCCESS_CODE ? answer.Msg : undefined;
  const sessionExpired = expiredByAnswer || answer?.Code === 'session_expired';
  const signed = details !== undefined && !signedOut;
  const client = details?.client || PORTAL_CLIENT_ID;

  const serverDown = isServerDown(answer?.Code);

  useEffect(() => {
    if (
      answer &&
      answer.Code !== SUCCESS_CODE &&
      answer.Code !== 'session_expired' &&
      !isServerDown(answer.Code)
    ) {
      navigate(ssoPath(client), { replace: true });
    }
  }, [answer, client, navigate]);

  const companiesQuery = useQuery({ ...sessionCompaniesQuery(api), enabled: signed });
  const companies =
    companiesQuery.data?.Code === SUCCESS_CODE ? companiesQuery.data.Msg.companies : NO_COMPANIES;

  const signOut = useCallback<Session['signOut']>(async () => {
    if (!signed && !sessionExpired) return 'loading';
    const result = await api.callApi(calls.auth.signOut, {});
    setSignedOut(true);
    if (result.Code === SUCCESS_CODE || result.Code === 'session_invalid') browser.reload();
    return result.Code;
  }, [api, sessionExpired, signed]);

  const switchCompany = useCallback<Session['switchCompany']>(
    async (com) => {
      const result = await api.callApi(calls.session.setCompany, { com });
      if (result.Code === SUCCESS_CODE) {
        // Everything the shell shows belongs to the company: reload it all, the session too.
        await queryClient.invalidateQueries();
        navigate(SCREENS.profile.path);
      }
      return result;
    },
    [api, navigate, queryClient],
  );

  const reauthenticated = useCallback<Session['reauthenticated']>(async () => {
    setExpiredByAnswer(false);
    // The answers that said session_expired are refetched on the renewed session; the details
    // (if they were the expired answer) close the dialog when they come back 200.
    await queryClient.invalidateQueries();
  }, [queryClient]);

  const value = useMemo<Session>(
    () => ({
      client,
      details,
      flags: featureFlags(details?.roles ?? [], details?.com?.id),
      signed,
      sessionExpired,
      expiredPerson: details ?? personIn(answer?.Msg),
      currentCompany: details?.com?.id,
      companies,
      signOut,
      switchCompany,
      reauthenticated,
    }),
    [
      answer,
      client,
      companies,
      details,
      reauthenticated,
      sessionExpired,
      signOut,
      signed,
      switchCompany,
    ],
  );

  // An outage is not a signed-out session: say so, and keep the place for when it is over.
  if (serverDown) return <ServerDownPage onRetry={() => void detailsQuery.refetch()} />;
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

const NO_COMPANIES: SessionCompany[] = [];

/** An expired answer may carry the display name and avatar for the re-authentication dialog. */
function personIn(msg: unknown): SessionPerson | undefined {
  if (typeof msg !== 'object' || msg === null) return undefined;
  const { dis, avatar } = msg as Record<string, unknown>;
  return typeof dis === 'string'
    ? { dis, avatar: typeof avatar === 'string' ? avatar : '' }
    : undefined;
}
