import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ALL_FILTER, USERS_PAGE_SIZE, calls } from '@portico/contracts';
import type { ApiClient, Answer } from '../api/client';

/** Query keys of the users screen; every write invalidates `usersKeys.all`. */
export const usersKeys = {
  all: ['users'] as const,
  list: (page: number, search: string, branch: string, app: string) =>
    ['users', 'list', { page, search, branch, app }] as const,
  roleDefinitions: ['users', 'role-definitions'] as const,
  branches: (com: string) => ['users', 'branches', com] as const,
  userBranches: (com: string, userid: string) => ['users', 'user-branches', com, userid] as const,
};

/** Reads answer their failures as data: a query fails only on a network error. */
function okOrThrow<C extends Parameters<ApiClient['callApi']>[0]>(answer: Answer<C>) {
  if (answer.Code !== '200') throw new Error(answer.Code);
  return answer.Msg;
}

export function usersListQuery(
  api: ApiClient,
  filters: { page: number; search: string; branch: string; app: string },
) {
  const { page, search, branch, app } = filters;
  return queryOptions({
    queryKey: usersKeys.list(page, search, branch, app),
    queryFn: async ({ signal }) =>
      okOrThrow(
        await api.callApi(
          calls.users.list,
          {
            offset: (page - 1) * USERS_PAGE_SIZE,
            prefs: true,
            ...(search ? { search } : {}),
            branchFilter: branch || ALL_FILTER,
            appFilter: app || ALL_FILTER,
          },
          { signal },
        ),
      ),
    placeholderData: keepPreviousData,
  });
}

export function roleDefinitionsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: usersKeys.roleDefinitions,
    queryFn: async ({ signal }) =>
      okOrThrow(await api.callApi(calls.users.roleDefinitions, undefined, { signal })),
    staleTime: 60_000,
  });
}

export function branchesQuery(api: ApiClient, com: string) {
  return queryOptions({
    queryKey: usersKeys.branches(com),
    queryFn: async ({ signal }) =>
      okOrThrow(await api.callApi(calls.branches.list, { com }, { signal })),
    enabled: com !== '',
  });
}

export function userBranchesQuery(api: ApiClient, com: string, userid: string) {
  return queryOptions({
    queryKey: usersKeys.userBranches(com, userid),
    queryFn: async ({ signal }) =>
      okOrThrow(
        await api.callApi(calls.branches.userBranches, { com, userid, offset: 0 }, { signal }),
      ),
  });
}
