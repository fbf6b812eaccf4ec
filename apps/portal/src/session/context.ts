import { createContext, useContext } from 'react';
import type {
  FeatureFlags,
  NETWORK_ERROR,
  SUCCESS_CODE,
  ErrorCode,
  calls,
} from '@portico/contracts';
import type { Answer } from '../api/client';
import type { SessionCompany, SessionDetails } from './queries';

/** Who to show in the session-expired dialog. */
export interface SessionPerson {
  dis: string;
  avatar: string;
}

/** The authentication state of the signed-in shell (specification, section 4). */
export interface Session {
  /** The client application of this session (the portal's own until the details say). */
  client: string;
  details: SessionDetails | undefined;
  flags: FeatureFlags;
  signed: boolean;
  sessionExpired: boolean;
  /** The person whose session expired (from the details, or from the expired answer). */
  expiredPerson: SessionPerson | undefined;
  /** The id of the session's current company; undefined until one is chosen. */
  currentCompany: string | undefined;
  companies: SessionCompany[];
  /** Ends the session; 'loading' when there is no session to end yet. */
  signOut(): Promise<'loading' | typeof SUCCESS_CODE | ErrorCode | typeof NETWORK_ERROR>;
  /** Switches the session's company; on 200 reloads the session and goes to /manage/me. */
  switchCompany(com: string): Promise<Answer<typeof calls.session.setCompany>>;
  /**
   * After a 200 of re-authentication (section 4): clears sessionExpired and reloads every query,
   * so the page goes on where it was, without navigation.
   */
  reauthenticated(): Promise<void>;
}

export const SessionContext = createContext<Session | undefined>(undefined);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
