import { useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_TOASTS,
  APP_STATUSES,
  appLinkRule,
  appNameRule,
  calls,
  DEV_LABELS as L,
  DEV_MESSAGES,
  fieldError,
  FORM_MESSAGES,
} from '@portico/contracts';
import { useApi } from '../api/context';
import { DetailEditor, EditorField, EditorSelect, useEditor } from '../ui/editor';
import { Loading } from '../ui/Loading';
import { usePageStack } from '../ui/page-stack-context';
import { useToasts } from '../ui/toasts-context';
import { appPageId, usePageLabel } from './app-page';
import { ClientsSection } from './ClientsSection';
import { IconUpload } from './IconUpload';
import { RolesDialog } from './RolesDialog';
import { DEV_KEYS, appsQuery, type AppEntry } from './queries';

/** The application editor page: its fields, icons, clients and roles. */
export function AppEditor({ appId }: { appId: string }) {
  const api = useApi();
  const apps = useQuery(appsQuery(api));
  const app = apps.data?.apps.find((entry) => entry.id === appId);
  // The trail names the application by its saved name, also after a rename.
  usePageLabel(appPageId(appId), app?.name);
  if (apps.isPending) return <Loading />;
  if (apps.isError || !app) return <Alert variant="danger">{DEV_MESSAGES.appsLoadFailed}</Alert>;
  const { name, desc, status, link } = app;
  return (
    <div className="d-grid gap-4">
      {/* Keyed by the server's values: a reload after a change starts the fields afresh. */}
      <AppDetails key={JSON.stringify({ name, desc, status, link })} app={app} />
      <ClientsSection app={app} clients={apps.data.clients[app.id] ?? []} />
    </div>
  );
}

const STATUS_OPTIONS = APP_STATUSES.map((label, value) => ({ value, label }));

interface AppFields {
  name: string;
  desc: string;
  status: number;
  link: string;
}

function AppDetails({ app }: { app: AppEntry }) {
  const { callApi } = useApi();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const stack = usePageStack();
  const editor = useEditor<AppFields>({
    name: app.name,
    desc: app.desc,
    status: app.status,
    link: app.link,
  });
  const [errors, setErrors] = useState<{ name?: string; link?: string }>({});
  const [roles, setRoles] = useState(false);
  const { data } = editor;

  async function apply(values: AppFields): Promise<boolean> {
    const found = {
      name: fieldError(appNameRule, values.name),
      link: fieldError(appLinkRule, values.link),
    };
    setErrors(found);
    if (found.name || found.link) return false;
    const answer = await callApi(calls.apps.update, {
      id: app.id,
      name: values.name.trim(),
      desc: values.desc.trim(),
      status: values.status,
      link: values.link.trim(),
    });
    const ok = answer.Code === '200';
    // The server's incomplete_param names a required field (section 8): here the name.
    if (answer.Code === 'incomplete_param') setErrors({ name: FORM_MESSAGES.required });
    toasts.show(
      ok
        ? { Title: values.name, Msg: ADMIN_TOASTS.updated(values.name), Type: 'success' }
        : { Title: app.name, Msg: ADMIN_TOASTS.updateFailed(app.name), Type: 'danger' },
    );
    if (ok) await queryClient.invalidateQueries({ queryKey: DEV_KEYS.apps });
    return ok;
  }

  async function remove() {
    const answer = await callApi(calls.apps.remove, { id: app.id });
    if (answer.Code !== '200') {
      toasts.show({ Title: app.name, Msg: ADMIN_TOASTS.appRemoveFailed, Type: 'danger' });
      return;
    }
    toasts.show({ Title: app.name, Msg: ADMIN_TOASTS.appRemoved, Type: 'success' });
    stack.pop();
    await queryClient.invalidateQueries({ queryKey: DEV_KEYS.apps });
  }

  return (
    <section className="card card-body">
      <DetailEditor
        editor={editor}
        title={`${L.application}: ${app.name}`}
        // The editor is the page pushed over the list: its title is the page's heading.
        titleLevel={1}
        onApply={apply}
        onDelete={remove}
        actions={
          <Button variant="outline-primary" size="sm" onClick={() => setRoles(true)}>
            {L.roles}
          </Button>
        }
      >
        <dl className="row mb-2 small">
          <dt className="col-4 col-md-2">{L.id}</dt>
          <dd className="col-8 col-md-10 mb-0">
            <code>{app.id}</code>
          </dd>
        </dl>
        <div className="row">
          <div className="col-md-6">
            <EditorField
              id="app-name"
              label={L.name}
              value={data.name}
              readOnly={editor.readOnly}
              error={errors.name}
              onChange={(value) => editor.set('name', value)}
            />
          </div>
          <div className="col-md-6">
            <EditorSelect
              id="app-status"
              label={L.status}
              value={data.status}
              options={STATUS_OPTIONS}
              readOnly={editor.readOnly}
              onChange={(status) => editor.set('status', status)}
            />
          </div>
        </div>
        <EditorField
          id="app-desc"
          label={L.desc}
          as="textarea"
          value={data.desc}
          readOnly={editor.readOnly}
          onChange={(value) => editor.set('desc', value)}
        />
        <EditorField
          id="app-link"
          label={L.link}
          type="url"
          value={data.link}
          readOnly={editor.readOnly}
          error={errors.link}
          onChange={(value) => editor.set('link', value)}
        />
      </DetailEditor>
      <div className="d-flex flex-wrap gap-4 mt-2">
        <IconUpload app={app.id} small url={app.icons} />
        <IconUpload app={app.id} small={false} url={app.iconl} />
      </div>
      <RolesDialog app={app} show={roles} onClose={() => setRoles(false)} />
    </section>
  );
}
