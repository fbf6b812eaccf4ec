import { queryOptions } from '@tanstack/react-query';
import { calls } from '@portico/contracts';
import type { ApiClient } from '../api/client';

/** Query keys of the company profile and of a company's branches. */
export const companyKeys = {
  details: ['company', 'details'] as const,
  branches: (com: string) => ['company', 'branches', com] as const,
};

export function companyDetailsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: companyKeys.details,
    queryFn: ({ signal }) => api.callApi(calls.company.details, undefined, { signal }),
  });
}

export function branchesQuery(api: ApiClient, com: string) {
  return queryOptions({
    queryKey: companyKeys.branches(com),
    queryFn: ({ signal }) => api.callApi(calls.branches.list, { com }, { signal }),
  });
}
