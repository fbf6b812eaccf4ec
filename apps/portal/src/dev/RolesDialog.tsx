import { useState, type FormEvent } from 'react';
import { Alert, Button, Form, Modal, Table } from 'react-bootstrap';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_TOASTS,
  BUILT_IN_ROLES,
  calls,
  DEV_LABELS as L,
  DEV_MESSAGES,
  EDITOR_LABELS,
  fieldError,
  messageFor,
  roleDescRule,
  roleIdRule,
  roleNameRule,
} from '@portico/contracts';
import { useApi } from '../api/context';
import { useConfirmDelete } from '../ui/confirm-delete';
import { EditorField } from '../ui/editor';
import { SubmitButton } from '../ui/form/SubmitButton';
import { Loading } from '../ui/Loading';
import { useToasts } from '../ui/toasts-context';
import { DEV_KEYS, rolesQuery, type AppEntry, type RoleEntry } from './queries';

const BUILT_IN = new Set<string>(BUILT_IN_ROLES.map((role) => role.id));
type Field = 'id' | 'name' | 'desc';
const RULES = { id: roleIdRule, name: roleNameRule, desc: roleDescRule };
const EMPTY = { id: '', name: '', desc: '' };

/**
 * An application's roles: list, add (id, name, desc) and remove after the console's delete
 * confirmation; built-in roles stay.
 */
export function RolesDialog({
  app,
  show,
  onClose,
}: {
  app: AppEntry;
  show: boolean;
  onClose: () => void;
}) {
  const api = useApi();
  const roles = useQuery({ ...rolesQuery(api, app.id), enabled: show });
  return (
    <Modal show={show} onHide={onClose} centered size="lg" aria-labelledby="roles-title">
      <Modal.Header closeButton>
        <Modal.Title id="roles-title" as="h2" className="h5">
          {L.rolesOf(app.name)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {roles.isPending && <Loading />}
        {roles.isError && <Alert variant="danger">{DEV_MESSAGES.rolesLoadFailed}</Alert>}
        {roles.data && <RoleList app={app.id} roles={roles.data} />}
        <AddRoleForm app={app.id} />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          {L.close}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

function RoleList({ app, roles }: { app: string; roles: RoleEntry[] }) {
  const { callApi } = useApi();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const confirmDelete = useConfirmDelete();

  async function remove(role: RoleEntry) {
    const answer = await callApi(calls.roles.remove, { id: role.id, app });
    const ok = answer.Code === '200';
    toasts.show({
      Title: role.name,
      Msg: ok ? ADMIN_TOASTS.deleted(role.name) : removeFailure(answer.Code, role.name),
      Type: ok ? 'success' : 'danger',
    });
    if (ok) await queryClient.invalidateQueries({ queryKey: DEV_KEYS.roles(app) });
  }

  if (roles.length === 0) return <p className="text-body-secondary">{L.noRoles}</p>;
  return (
    <Table size="sm" responsive className="align-middle mb-4">
      <thead>
        <tr>
          <th scope="col">{L.id}</th>
          <th scope="col">{L.name}</th>
          <th scope="col" className="d-none d-md-table-cell">
            {L.desc}
          </th>
          <th scope="col">
            <span className="visually-hidden">{L.remove}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {roles.map((role) => (
          <tr key={role.id}>
            <td>
              <code>{role.id}</code>
            </td>
            <td>{role.name}</td>
            <td className="d-none d-md-table-cell text-body-secondary">{role.desc}</td>
            <td className="text-end">
              {BUILT_IN.has(role.id) ? (
                <span className="small text-body-secondary" title={DEV_MESSAGES.builtInRole}>
                  {L.builtIn}
                </span>
              ) : (
                <Button
                  variant="outline-danger"
                  size="sm"
                  aria-label={L.removeRole(role.name)}
                  onClick={() => confirmDelete(() => remove(role))}
                >
                  {L.remove}
                </Button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** The server refuses built-in roles with forbidden; other failures have our own text. */
function removeFailure(code: string, name: string): string {
  return code === 'forbidden' ? DEV_MESSAGES.builtInRole : DEV_MESSAGES.roleDeleteFailed(name);
}

function AddRoleForm({ app }: { app: string }) {
  const { callApi } = useApi();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  function change(field: Field, value: string) {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      id: fieldError(RULES.id, values.id),
      name: fieldError(RULES.name, values.name),
      desc: fieldError(RULES.desc, values.desc),
    };
    setErrors(found);
    if (found.id || found.name || found.desc) return;
    setBusy(true);
    const answer = await callApi(calls.roles.add, {
      id: values.id.trim(),
      name: values.name.trim(),
      desc: values.desc.trim(),
      app,
    });
    setBusy(false);
    if (answer.Code === '200') {
      toasts.show({ Title: values.name.trim(), Msg: ADMIN_TOASTS.added, Type: 'success' });
      setValues(EMPTY);
      await queryClient.invalidateQueries({ queryKey: DEV_KEYS.roles(app) });
      return;
    }
    if (answer.Code === 'app_enrolled') setErrors({ id: messageFor(answer.Code, 'addApp') });
    else if (answer.Code === 'incomplete_param')
      setErrors({ name: messageFor(answer.Code, 'addApp') });
    else toasts.show({ Title: L.addRole, Msg: DEV_MESSAGES.roleAddFailed, Type: 'danger' });
  }

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="add-role-title">
      <h3 id="add-role-title" className="h6">
        {L.addRole}
      </h3>
      <div className="row g-2">
        {(['id', 'name', 'desc'] as const).map((field) => (
          <div key={field} className="col-md-4">
            <EditorField
              id={`role-${field}`}
              label={L[field]}
              value={values[field]}
              readOnly={false}
              error={errors[field]}
              onChange={(value) => change(field, value)}
              className="mb-2"
            />
          </div>
        ))}
      </div>
      <SubmitButton busy={busy} className="">
        {L.addRole}
      </SubmitButton>
      {/* The dialog's own Cancel would be ambiguous beside Close; clearing is enough. */}
      <Button
        variant="link"
        className="ms-2"
        onClick={() => {
          setValues(EMPTY);
          setErrors({});
        }}
      >
        {EDITOR_LABELS.cancel}
      </Button>
    </Form>
  );
}
