import { BUILT_IN_ROLES, truncate } from '@portico/contracts';

/**
 * The label of the profile preview (section 6): the first role of the session decides it. Session
 * roles are `<app>.<role>` ids; the session details name each of them (`role_names`), so a role
 * of any application shows its name. Without a name (an older server) the built-in roles still
 * read Admin and Owner, and any other role its id, truncated like other read-only text. No
 * role, no label.
 */
export function profileRoleLabel(
  roles: readonly string[],
  names: Readonly<Record<string, string>> = {},
): string | undefined {
  const first = roles[0];
  if (first === undefined || first === '') return undefined;
  const named = names[first];
  if (named !== undefined && named !== '') return truncate(named);
  const role = first.slice(first.lastIndexOf('.') + 1);
  return BUILT_IN_ROLES.find((builtIn) => builtIn.id === role)?.name ?? truncate(role);
}
