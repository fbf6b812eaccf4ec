import { queryOptions } from '@tanstack/react-query';
import { calls } from '@portico/contracts';
import type { ApiClient, Success } from '../api/client';

export type InviteDetails = Success<typeof calls.invites.details>['Msg'];

export function inviteDetailsQuery(api: ApiClient, code: string, email: string) {
  return queryOptions({
    queryKey: ['invite', 'details', code, email] as const,
    queryFn: ({ signal }) => api.callApi(calls.invites.details, { code, email }, { signal }),
  });
}
