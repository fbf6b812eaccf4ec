import { useState } from 'react';
import { Alert, Button, Card, Spinner, Table } from 'react-bootstrap';
import { useInfiniteQuery } from '@tanstack/react-query';
import { AUDIT_TEXTS as T, type AuditFilter } from '@portico/contracts';
import { useApi } from '../api/context';
import { SCREENS } from '../screens';
import { useSession } from '../session/context';
import { AuditEventRow } from './components/AuditEventRow';
import { AuditFilters } from './components/AuditFilters';
import { ExportButtons } from './components/ExportButtons';
import { AuditLoadError, auditListQuery } from './queries';
import './audit.css';

/**
 * /manage/audit: the audit trail, newest first. A platform administrator reads every
 * company's events (with a Company column); a company's owner and admins read their current
 * company's. The API decides the scope from the session; the screen only words it.
 */
export function AuditScreen() {
  const api = useApi();
  const { flags } = useSession();
  const platform = flags.admin;
  const [filter, setFilter] = useState<AuditFilter>({});
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const list = useInfiniteQuery(auditListQuery(api, filter));
  const events = list.data?.pages.flatMap((page) => page.events) ?? [];

  function apply(next: AuditFilter) {
    if (JSON.stringify(next) === JSON.stringify(filter)) void list.refetch();
    else setFilter(next);
  }
  function toggle(id: string) {
    const next = new Set(expanded);
    if (!next.delete(id)) next.add(id);
    setExpanded(next);
  }
  const badFilter = list.error instanceof AuditLoadError && list.error.code === 'incomplete_param';

  return (
    <div className="d-flex flex-column gap-3">
      <div>
        <h1 className="h4 mb-1">{SCREENS.audit.label}</h1>
        <p className="text-body-secondary mb-0">{platform ? T.introPlatform : T.intro}</p>
      </div>
      <Card>
        <Card.Header className="bg-body">
          <h2 className="h6 mb-2">{T.filters}</h2>
          <AuditFilters onApply={apply} />
        </Card.Header>
        <Card.Body className="d-flex flex-wrap align-items-start justify-content-between gap-2 py-2">
          <h2 className="h6 mb-0 align-self-center">{T.events}</h2>
          <ExportButtons filter={filter} />
        </Card.Body>
        <div aria-busy={list.isFetching} aria-live="polite">
          {list.isPending && (
            <div className="p-3 text-center">
              <Spinner animation="border" size="sm" role="status" />
            </div>
          )}
          {list.isError && (
            <Alert variant="danger" className="m-3">
              {badFilter ? T.badFilter : T.loadFailed}
            </Alert>
          )}
          {list.isSuccess && events.length === 0 && (
            <p className="p-3 mb-0 text-body-secondary">{T.noEvents}</p>
          )}
        </div>
        {events.length > 0 && (
          <Table hover className="audit-table mb-0">
            <thead>
              <tr>
                <th scope="col">{T.time}</th>
                <th scope="col">{T.action}</th>
                <th scope="col">{T.actor}</th>
                <th scope="col">{T.target}</th>
                {platform && <th scope="col">{T.company}</th>}
                <th scope="col">{T.ip}</th>
                <th scope="col">
                  <span className="visually-hidden">{T.details}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {events.map((event) => (
                <AuditEventRow
                  key={event.id}
                  event={event}
                  showCompany={platform}
                  expanded={expanded.has(event.id)}
                  onToggle={() => toggle(event.id)}
                />
              ))}
            </tbody>
          </Table>
        )}
        {list.hasNextPage && (
          <Card.Footer className="bg-body text-center">
            <Button
              size="sm"
              variant="outline-primary"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {T.loadMore}
            </Button>
          </Card.Footer>
        )}
      </Card>
    </div>
  );
}
