import { queryOptions } from '@tanstack/react-query';
import { calls } from '@portico/contracts';
import type { ApiClient } from '../api/client';

/** forgot.validate for a link: checked once per visit, never served from an old visit. */
export function resetLinkQuery(api: ApiClient, code: string) {
  return queryOptions({
    queryKey: ['forgot', 'validate', code] as const,
    queryFn: ({ signal }) => api.callApi(calls.forgot.validate, { code }, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
}
