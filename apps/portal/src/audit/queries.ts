import { infiniteQueryOptions } from '@tanstack/react-query';
import type { AuditFilter } from '@portico/contracts';
import { calls } from '@portico/contracts';
import type { ApiClient } from '../api/client';

/** Query keys of the audit trail screen. */
export const auditKeys = {
  all: ['audit'] as const,
  list: (filter: AuditFilter) => ['audit', 'list', filter] as const,
};

/** A failed page: the code, so the screen can tell bad filters from an outage. */
export class AuditLoadError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/** The trail for a filter, page after page by the cursor each page answers. */
export function auditListQuery(api: ApiClient, filter: AuditFilter) {
  return infiniteQueryOptions({
    queryKey: auditKeys.list(filter),
    queryFn: async ({ pageParam, signal }) => {
      const answer = await api.callApi(
        calls.audit.list,
        { ...filter, ...(pageParam ? { cursor: pageParam } : {}) },
        { signal },
      );
      if (answer.Code !== '200') throw new AuditLoadError(answer.Code);
      return answer.Msg;
    },
    initialPageParam: '',
    getNextPageParam: (page) => page.next ?? undefined,
    retry: false,
    // New events keep coming: a filter applied again reads afresh, not from the cache.
    staleTime: 0,
  });
}
