import type { z } from 'zod';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ALL_FILTER, USERS_PAGE_SIZE, calls } from '@portico/contracts';
import type { ApiClient, Answer } from '../api/client';

type UserBranch = z.infer<typeof calls.branches.userBranch>;

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

/** A user's assigned branches, all of them (the call answers one page at a time). */
export function userBranchesQuery(api: ApiClient, com: string, userid: string) {
  return queryOptions({
    queryKey: usersKeys.userBranches(com, userid),
    queryFn: async ({ signal }) => {
      // Every page, not only the first 30: the add control shows only while fewer branches are
      // assigned than the company has (section 5), and the dialog offers only the others.
      const branches: UserBranch[] = [];
      for (;;) {
        const page = okOrThrow(
          await api.callApi(
            calls.branches.userBranches,
            { com, userid, offset: branches.length },
            { signal },
          ),
        );
        branches.push(...page.branches);
        if (page.branches.length < USERS_PAGE_SIZE) {
          return { branches, servicing: page.servicing };
        }
      }
    },
  });
}
