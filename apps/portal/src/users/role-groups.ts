import type { z } from 'zod';
import type { calls } from '@portico/contracts';
import type { Success } from '../api/client';

export type RoleDefinitions = Success<typeof calls.users.roleDefinitions>['Msg'];
export type RoleGroup = RoleDefinitions['global'];
export type Grant = z.infer<typeof calls.invites.send.body>['roles'][number];

/** The company entry first, then every application. */
export function allGroups(defs: RoleDefinitions | undefined): RoleGroup[] {
  return defs ? [defs.global, ...defs.apps] : [];
}

/** The name of an application (or of the company entry); its id when it is not grantable. */
export function appName(defs: RoleDefinitions | undefined, app: string): string {
  return allGroups(defs).find((group) => group.id === app)?.name ?? app;
}

/** The name of a role of an application; its id when unknown. */
export function roleName(defs: RoleDefinitions | undefined, app: string, role: string): string {
  const group = allGroups(defs).find((g) => g.id === app);
  return group?.roles.find((r) => r.id === role)?.name ?? role;
}

/** Role selections per application: the grants to send, applications without roles left out. */
export function grantsOf(selection: Readonly<Record<string, readonly string[]>>): Grant[] {
  return Object.entries(selection)
    .filter(([, roles]) => roles.length > 0)
    .map(([app, roles]) => ({ app, roles: [...roles] }));
}
