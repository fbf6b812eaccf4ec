import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ADMIN_TOASTS, calls, DEV_LABELS as L, DEV_MESSAGES } from '@portico/contracts';
import { useApi } from '../api/context';
import { DetailEditor, useEditor } from '../ui/editor';
import { useToasts } from '../ui/toasts-context';
import {
  NAME_REQUIRED,
  addPayload,
  clientErrors,
  draftFromClient,
  hasErrors,
  newClientDraft,
  updatePayload,
  type ClientDraft,
  type ClientErrors,
} from './client-form';
import { ClientFields } from './ClientFields';
import { OidcFields } from './OidcFields';
import { RotateSecretButton } from './RotateSecretButton';
import { DEV_KEYS, type ClientEntry } from './queries';
import { shownSecret } from './secret-mask';

/**
 * The fields the server refused: by name when it says (an OIDC setting, a localhost URL in
 * production), else on the name field (section 8).
 */
function refusedFields(msg: unknown): ClientErrors {
  const fields = (msg as { fields?: unknown } | null)?.fields;
  if (fields && typeof fields === 'object' && Object.keys(fields).length > 0) {
    return fields as ClientErrors;
  }
  return NAME_REQUIRED;
}

export interface CreatedClient {
  id: string;
  secret: string;
}

interface ClientEditorProps {
  app: string;
  /** Absent for a new client (create mode). */
  client?: ClientEntry;
  onCreated?: (created: CreatedClient) => void;
  onCancelCreate?: () => void;
  /** A new secret after "Rotate secret": the caller shows it once. */
  onRotated?: (secret: string) => void;
}

/** One client in a detail editor: view, edit (Apply/Cancel), create and remove. */
export function ClientEditor({
  app,
  client,
  onCreated,
  onCancelCreate,
  onRotated,
}: ClientEditorProps) {
  const { callApi } = useApi();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const editor = useEditor<ClientDraft>(client ? draftFromClient(client) : newClientDraft(app), {
    create: !client,
  });
  const [errors, setErrors] = useState<ClientErrors>({});
  const refresh = () => queryClient.invalidateQueries({ queryKey: DEV_KEYS.apps });

  function validate(draft: ClientDraft, creating: boolean): boolean {
    const found = clientErrors(draft, creating);
    setErrors(found);
    return !hasErrors(found);
  }

  async function create(draft: ClientDraft): Promise<boolean> {
    if (!validate(draft, true)) return false;
    const answer = await callApi(calls.clients.add, addPayload(draft));
    if (answer.Code !== '200') {
      if (answer.Code === 'incomplete_param') setErrors(refusedFields(answer.Msg));
      toasts.show({ Title: L.newClient, Msg: DEV_MESSAGES.clientAddFailed, Type: 'danger' });
      return false;
    }
    toasts.show({ Title: draft.desc, Msg: ADMIN_TOASTS.added, Type: 'success' });
    onCreated?.({ id: answer.Msg.client_id, secret: answer.Msg.client_secret });
    await refresh();
    return true;
  }

  async function apply(draft: ClientDraft): Promise<boolean> {
    if (!client || !validate(draft, false)) return false;
    const answer = await callApi(
      calls.clients.update,
      updatePayload(draft, client.id, client.secret),
    );
    const ok = answer.Code === '200';
    if (answer.Code === 'incomplete_param') setErrors(refusedFields(answer.Msg));
    toasts.show(
      ok
        ? { Title: draft.desc, Msg: ADMIN_TOASTS.updated(draft.desc), Type: 'success' }
        : { Title: client.desc, Msg: ADMIN_TOASTS.updateFailed(client.desc), Type: 'danger' },
    );
    if (ok) await refresh();
    return ok;
  }

  async function remove() {
    if (!client) return;
    const answer = await callApi(calls.clients.remove, { id: client.id });
    const ok = answer.Code === '200';
    toasts.show({
      Title: client.desc,
      Msg: ok
        ? ADMIN_TOASTS.clientRemoved(client.desc)
        : ADMIN_TOASTS.clientRemoveFailed(client.desc),
      Type: ok ? 'success' : 'danger',
    });
    if (ok) await refresh();
  }

  const idPrefix = client ? `client-${client.id}` : `new-client-${app}`;
  return (
    <DetailEditor
      editor={editor}
      title={client ? undefined : L.newClient}
      onApply={client ? apply : undefined}
      onCreate={create}
      onCancelCreate={() => {
        setErrors({});
        onCancelCreate?.();
      }}
      onDelete={client ? remove : undefined}
    >
      {client && (
        <dl className="row small mb-2">
          <dt className="col-4 col-md-2">{L.clientId}</dt>
          <dd className="col-8 col-md-10 mb-1">
            <code className="text-break">{client.id}</code>
          </dd>
          <dt className="col-4 col-md-2">{L.secret}</dt>
          <dd className="col-8 col-md-10 mb-0 d-flex flex-wrap align-items-center gap-2">
            <code className="text-break" data-testid="client-secret">
              {shownSecret(client.secret)}
            </code>
            {editor.mode === 'view' && onRotated && (
              <RotateSecretButton client={client} onRotated={onRotated} />
            )}
          </dd>
        </dl>
      )}
      <ClientFields idPrefix={idPrefix} editor={editor} errors={errors} />
      <OidcFields idPrefix={idPrefix} editor={editor} errors={errors} />
    </DetailEditor>
  );
}
