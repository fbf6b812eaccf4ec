import { useState } from 'react';
import { Accordion, Badge, Button } from 'react-bootstrap';
import { DEV_LABELS as L, platformLabel } from '@portico/contracts';
import { ClientEditor, type CreatedClient } from './ClientEditor';
import { SecretOnce } from './SecretOnce';
import type { AppEntry, ClientEntry } from './queries';
import { shownSecret } from './secret-mask';

/**
 * The clients of an application: the list, a new client's form, and a new secret once (a new
 * client's over the list, a rotated one's in that client).
 */
export function ClientsSection({ app, clients }: { app: AppEntry; clients: ClientEntry[] }) {
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedClient>();
  const [rotated, setRotated] = useState<CreatedClient>();
  const [open, setOpen] = useState<string | null>(null);

  function onCreated(client: CreatedClient) {
    setCreated(client);
    setCreating(false);
    // The new client opens in view mode: the create became a normal editor (section 4).
    setOpen(client.id);
  }

  return (
    <section className="card card-body" aria-labelledby="clients-title">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h2 id="clients-title" className="h5 mb-0 me-auto">
          {L.clients}
        </h2>
        {!creating && (
          <Button size="sm" onClick={() => setCreating(true)}>
            {L.addClient}
          </Button>
        )}
      </div>
      {created && <SecretOnce secret={created.secret} onDismiss={() => setCreated(undefined)} />}
      {creating && (
        <div className="border rounded p-3 mb-3">
          <ClientEditor
            app={app.id}
            onCreated={onCreated}
            onCancelCreate={() => setCreating(false)}
          />
        </div>
      )}
      {clients.length === 0 && !creating && (
        <p className="text-body-secondary mb-0">{L.noClients}</p>
      )}
      {clients.length > 0 && (
        <Accordion
          activeKey={open}
          onSelect={(key) => setOpen(typeof key === 'string' ? key : null)}
        >
          {clients.map((client) => (
            <Accordion.Item key={client.id} eventKey={client.id}>
              <Accordion.Header>
                <span className="d-flex flex-wrap align-items-center gap-2 min-w-0 overflow-hidden me-2">
                  <span className="fw-semibold">{client.desc}</span>
                  <Badge bg="light" text="dark" className="border">
                    {platformLabel(client.platform)}
                  </Badge>
                  <code className="small text-body-secondary text-truncate d-inline-block mw-100">
                    {shownSecret(client.secret)}
                  </code>
                </span>
              </Accordion.Header>
              <Accordion.Body>
                {rotated?.id === client.id && (
                  <SecretOnce
                    key={rotated.secret}
                    secret={rotated.secret}
                    onDismiss={() => setRotated(undefined)}
                  />
                )}
                <ClientEditor
                  key={editorKey(client)}
                  app={app.id}
                  client={client}
                  onRotated={(secret) => setRotated({ id: client.id, secret })}
                />
              </Accordion.Body>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </section>
  );
}

/**
 * The editor is keyed by the server's values: a reload after a change starts it afresh. Not by
 * the secret's mask: a rotation keeps it, so focus goes back to its "Rotate secret" button.
 */
function editorKey({ secret: _mask, ...settings }: ClientEntry): string {
  return JSON.stringify(settings);
}
