import { queryOptions } from '@tanstack/react-query';
import { calls } from '@portico/contracts';
import type { ApiClient, Success } from '../api/client';

export type SubscriptionList = Success<typeof calls.subscriptions.list>['Msg'];
export type SubscriptionApp = SubscriptionList['apps'][number];

export const subscriptionKeys = { list: ['subscriptions'] as const };

export function subscriptionsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: subscriptionKeys.list,
    queryFn: ({ signal }) => api.callApi(calls.subscriptions.list, undefined, { signal }),
  });
}
