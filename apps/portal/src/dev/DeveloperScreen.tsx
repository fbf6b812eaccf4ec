import { useState } from 'react';
import { Alert, Button, ListGroup } from 'react-bootstrap';
import { useQuery } from '@tanstack/react-query';
import { DEV_LABELS as L, DEV_MESSAGES } from '@portico/contracts';
import { useApi } from '../api/context';
import { SCREENS } from '../screens';
import { Loading } from '../ui/Loading';
import { usePageStack } from '../ui/page-stack-context';
import { AddAppDialog } from './AddAppDialog';
import { appPageId } from './app-page';
import { AppEditor } from './AppEditor';
import { AppStatusBadge } from './AppStatusBadge';
import { appsQuery } from './queries';
import { Truncated } from '../ui/Truncated';

/**
 * The Developer screen (/manage/dev, flag dev): the application registry. Opening an
 * application pushes its editor (with its clients and roles) on the page stack.
 */
export function DeveloperScreen() {
  const api = useApi();
  const stack = usePageStack();
  const apps = useQuery(appsQuery(api));
  const [adding, setAdding] = useState(false);

  return (
    <section aria-labelledby="dev-title">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 id="dev-title" className="h4 mb-0 me-auto">
          {SCREENS.dev.label}
        </h1>
        <Button size="sm" onClick={() => setAdding(true)}>
          {L.addApp}
        </Button>
      </div>
      <h2 className="h6 text-body-secondary">{L.applications}</h2>
      {apps.isPending && <Loading />}
      {apps.isError && <Alert variant="danger">{DEV_MESSAGES.appsLoadFailed}</Alert>}
      {apps.data && apps.data.apps.length === 0 && (
        <p className="text-body-secondary">{L.noApps}</p>
      )}
      {apps.data && apps.data.apps.length > 0 && (
        <ListGroup as="ul" className="dev-app-list">
          {apps.data.apps.map((app) => (
            <ListGroup.Item key={app.id} as="li" className="d-flex align-items-center gap-3 py-2">
              <div className="flex-grow-1 min-w-0">
                <Button
                  variant="link"
                  className="p-0 fw-semibold text-start"
                  aria-label={L.open(app.name)}
                  onClick={() =>
                    stack.push({
                      Id: appPageId(app.id),
                      Label: app.name,
                      Element: <AppEditor appId={app.id} />,
                    })
                  }
                >
                  {app.name}
                </Button>
                <div className="small text-body-secondary text-truncate">
                  <code>{app.id}</code>
                  {app.desc && <Truncated text={app.desc} max={60} className="ms-2" />}
                </div>
              </div>
              <AppStatusBadge status={app.status} />
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      <AddAppDialog show={adding} onClose={() => setAdding(false)} />
    </section>
  );
}
