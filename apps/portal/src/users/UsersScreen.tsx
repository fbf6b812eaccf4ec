import { useMemo, useState } from 'react';
import { Accordion, Alert, Button, Card, Spinner } from 'react-bootstrap';
import { useQuery } from '@tanstack/react-query';
import { USERS_MESSAGES, USERS_PAGE_SIZE, USERS_SCREEN_TEXTS } from '@portico/contracts';
import { useApi } from '../api/context';
import { SCREENS } from '../screens';
import { useSession } from '../session/context';
import { FilterBar } from './components/FilterBar';
import { InviteForm } from './components/InviteForm';
import { UserCard } from './components/UserCard';
import { UsersPagination } from './components/UsersPagination';
import { useFormDialog } from './form-dialog';
import { branchesQuery, roleDefinitionsQuery, usersListQuery } from './queries';
import { useUsersFilters } from './use-users-filters';
import { groupUserRows } from './grouped-user';

const T = USERS_SCREEN_TEXTS;

/** /manage/users: invite, search and filter, and manage each user of the current company. */
export function UsersScreen() {
  const api = useApi();
  const session = useSession();
  const openForm = useFormDialog();
  const filters = useUsersFilters();
  const [expanded, setExpanded] = useState<string | null>(null);
  const com = session.currentCompany ?? '';
  const viewer = useMemo(
    () => ({ roles: session.details?.roles ?? [], email: session.details?.email ?? '' }),
    [session.details],
  );

  const list = useQuery(usersListQuery(api, filters));
  const defs = useQuery(roleDefinitionsQuery(api)).data;
  const branches = useQuery(branchesQuery(api, com)).data?.branches ?? [];
  const users = useMemo(
    () => (list.data ? groupUserRows(list.data.users, list.data.prefs) : []),
    [list.data],
  );

  function openInvite() {
    if (!defs) return;
    openForm({
      title: T.inviteTitle,
      confirmContent: T.inviteButton,
      render: (control) => <InviteForm control={control} defs={defs} viewerRoles={viewer.roles} />,
    });
  }

  return (
    <div className="d-flex flex-column gap-3">
      <h1 className="h4 mb-0">{SCREENS.users.label}</h1>
      <Card>
        <Card.Body className="d-flex align-items-center justify-content-between gap-2 py-2">
          <h2 className="h6 mb-0">{T.inviteRow}</h2>
          <Button size="sm" onClick={openInvite} disabled={!defs}>
            {T.inviteButton}
          </Button>
        </Card.Body>
      </Card>
      <Card>
        <Card.Header className="bg-body">
          <h2 className="h6 mb-2">{T.usersPanel}</h2>
          <FilterBar filters={filters} branches={branches} apps={defs?.apps ?? []} />
        </Card.Header>
        <Card.Body className="p-0" aria-busy={list.isFetching}>
          {list.isPending && (
            <div className="p-3 text-center">
              <Spinner animation="border" size="sm" role="status" />
            </div>
          )}
          {list.isError && (
            <Alert variant="danger" className="m-3">
              {T.loadFailed}
            </Alert>
          )}
          {list.isSuccess && users.length === 0 && (
            <p className="p-3 mb-0 text-body-secondary">{USERS_MESSAGES.noUsers}</p>
          )}
          {users.length > 0 && (
            <Accordion
              flush
              activeKey={expanded}
              onSelect={(key) => setExpanded(typeof key === 'string' ? key : null)}
            >
              {users.map((user) => (
                <UserCard
                  key={user.email}
                  user={user}
                  expanded={expanded === user.email}
                  defs={defs}
                  viewer={viewer}
                  com={com}
                  companyBranches={branches}
                />
              ))}
            </Accordion>
          )}
        </Card.Body>
        {list.data && list.data.total > USERS_PAGE_SIZE && (
          <Card.Footer className="bg-body">
            <UsersPagination page={filters.page} total={list.data.total} onPage={filters.setPage} />
          </Card.Footer>
        )}
      </Card>
    </div>
  );
}
