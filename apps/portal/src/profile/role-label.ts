import { BUILT_IN_ROLES, truncate } from '@portico/contracts';

/**
 * The label of the profile preview (section 6): the first role of the session decides it. Session
 * roles are `<app>.<role>` ids; the built-in roles have their names (admin -> Admin, owner ->
 * Owner), any other role is shown by its id, truncated like other read-only text. No role, no
 * label.
 */
export function profileRoleLabel(roles: readonly string[]): string | undefined {
  const first = roles[0];
  if (first === undefined || first === '') return undefined;
  const role = first.slice(first.lastIndexOf('.') + 1);
  return BUILT_IN_ROLES.find((builtIn) => builtIn.id === role)?.name ?? truncate(role);
}
