import { queryOptions } from '@tanstack/react-query';
import { calls } from '@portico/contracts';
import type { ApiClient, Success } from '../api/client';

export type SessionDetails = Success<typeof calls.auth.details>['Msg'];
export type SessionCompany = Success<typeof calls.session.companies>['Msg']['companies'][number];

/** Query keys of the session; a company switch invalidates every query, these included. */
export const sessionKeys = {
  all: ['session'] as const,
  details: ['session', 'details'] as const,
  companies: ['session', 'companies'] as const,
};

export function sessionDetailsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: sessionKeys.details,
    queryFn: ({ signal }) => api.callApi(calls.auth.details, undefined, { signal }),
  });
}

export function sessionCompaniesQuery(api: ApiClient) {
  return queryOptions({
    queryKey: sessionKeys.companies,
    queryFn: ({ signal }) => api.callApi(calls.session.companies, undefined, { signal }),
  });
}
