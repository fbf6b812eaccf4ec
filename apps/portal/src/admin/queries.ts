import { queryOptions } from '@tanstack/react-query';
import { calls, type BannedSort } from '@portico/contracts';
import type { ApiClient } from '../api/client';

/** Query keys of the administration screens; writes invalidate the list they change. */
export const adminKeys = {
  companies: ['admin', 'companies'] as const,
  whitelist: ['admin', 'whitelist'] as const,
  banned: ['admin', 'banned'] as const,
};

export function companiesQuery(api: ApiClient) {
  return queryOptions({
    queryKey: adminKeys.companies,
    queryFn: ({ signal }) => api.callApi(calls.companies.list, undefined, { signal }),
  });
}

export function whitelistQuery(api: ApiClient) {
  return queryOptions({
    queryKey: adminKeys.whitelist,
    queryFn: ({ signal }) => api.callApi(calls.ipLists.whitelist, undefined, { signal }),
  });
}

/** The server sorts (section 9: newest first unless another order is chosen). */
export function bannedQuery(api: ApiClient, sort: BannedSort) {
  return queryOptions({
    queryKey: [...adminKeys.banned, sort] as const,
    queryFn: ({ signal }) => api.callApi(calls.ipLists.banned, { sort }, { signal }),
  });
}
