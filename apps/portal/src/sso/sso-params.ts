import { useSearchParams } from 'react-router-dom';
import { PORTAL_CLIENT_ID } from '@portico/contracts';

export interface SsoParams {
  /** The client application signing in (the portal's own by default). */
  client: string;
  /** Where the user was going (section 2: redir defaults to /). */
  redir: string;
}

/** `/sso?client=&redir=` (specification, section 2). */
export function useSsoParams(): SsoParams {
  const [params] = useSearchParams();
  return {
    client: params.get('client') || PORTAL_CLIENT_ID,
    redir: params.get('redir') || '/',
  };
}
