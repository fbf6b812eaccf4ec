import { Form } from 'react-bootstrap';
import type { RoleGroup } from '../role-groups';
import { visibleRoles } from '../permissions';

export interface RoleSwitchesProps {
  /** Prefix of the switch ids, unique on the page. */
  idPrefix: string;
  group: RoleGroup;
  viewerRoles: readonly string[];
  selected: readonly string[];
  onChange(roles: string[]): void;
}

/** One switch per role of an application, the admin role hidden (section 6). */
export function RoleSwitches({
  idPrefix,
  group,
  viewerRoles,
  selected,
  onChange,
}: RoleSwitchesProps) {
  const roles = visibleRoles(group.id, group.roles, viewerRoles);
  return (
    <fieldset className="border rounded px-3 py-2">
      <legend className="fs-6 fw-semibold float-none w-auto px-1 mb-1">{group.name}</legend>
      {roles.map((role) => (
        <Form.Check
          key={role.id}
          type="switch"
          id={`${idPrefix}-${group.id}-${role.id}`}
          label={role.name}
          checked={selected.includes(role.id)}
          onChange={(event) =>
            onChange(
              event.currentTarget.checked
                ? [...selected, role.id]
                : selected.filter((id) => id !== role.id),
            )
          }
        />
      ))}
    </fieldset>
  );
}
