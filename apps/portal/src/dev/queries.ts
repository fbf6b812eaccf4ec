import { queryOptions } from '@tanstack/react-query';
import { apps as appCalls, calls } from '@portico/contracts';
import type { ApiClient, Success } from '../api/client';

export type AppEntry = Success<typeof calls.apps.list>['Msg']['apps'][number];
export type ClientEntry = ReturnType<typeof appCalls.parseClientList>[number];
export type RoleEntry = Success<typeof calls.roles.list>['Msg']['roles'][number];

export interface AppsData {
  apps: AppEntry[];
  clients: Record<string, ClientEntry[]>;
}

export const DEV_KEYS = {
  apps: ['dev', 'apps'] as const,
  roles: (app: string) => ['dev', 'roles', app] as const,
};

/** A refused read is an error for the screen to show (calls answer, they do not throw). */
class CallRefused extends Error {}

export function appsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: DEV_KEYS.apps,
    queryFn: async ({ signal }): Promise<AppsData> => {
      const answer = await api.callApi(calls.apps.list, {}, { signal });
      if (answer.Code !== '200') throw new CallRefused(answer.Code);
      const { apps, clients } = (answer as Success<typeof calls.apps.list>).Msg;
      const byApp: Record<string, ClientEntry[]> = {};
      for (const app of apps) byApp[app.id] = appCalls.parseClientList(clients[app.id]);
      return { apps, clients: byApp };
    },
  });
}

export function rolesQuery(api: ApiClient, app: string) {
  return queryOptions({
    queryKey: DEV_KEYS.roles(app),
    queryFn: async ({ signal }): Promise<RoleEntry[]> => {
      const answer = await api.callApi(calls.roles.list, { app }, { signal });
      if (answer.Code !== '200') throw new CallRefused(answer.Code);
      return (answer as Success<typeof calls.roles.list>).Msg.roles;
    },
  });
}
