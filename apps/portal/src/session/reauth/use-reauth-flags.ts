import { useQuery } from '@tanstack/react-query';
import { SUCCESS_CODE, calls } from '@portico/contracts';
import { useApi } from '../../api/context';
import type { SessionPerson } from '../context';
import type { MfaFlags } from './methods';

/**
 * The MFA flags (and, on an idle session, the name and avatar) the dialog decides by, fresh from
 * mfa.settings, which answers on an expired session too. Until it answers, or if it fails, the
 * flags the session already had stand in.
 */
export function useReauthFlags(fallback: MfaFlags | undefined) {
  const api = useApi();
  const query = useQuery({
    queryKey: ['reauth', 'mfa-settings'],
    queryFn: ({ signal }) => api.callApi(calls.mfa.settings, undefined, { signal }),
    // Each opening of the dialog asks again: the flags may have changed since.
    staleTime: 0,
    gcTime: 0,
  });
  const settings = query.data?.Code === SUCCESS_CODE ? query.data.Msg : undefined;
  const person: SessionPerson | undefined =
    settings?.dis !== undefined ? { dis: settings.dis, avatar: settings.avatar ?? '' } : undefined;
  return { loading: query.isPending, flags: settings ?? fallback, person };
}
