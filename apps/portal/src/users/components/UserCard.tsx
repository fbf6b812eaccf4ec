import { Accordion, Badge } from 'react-bootstrap';
import { ACCESS_ENTRY_STATUS, USER_STATUS, USERS_SCREEN_TEXTS } from '@portico/contracts';
import { Avatar } from '../../ui/Avatar';
import { permissionsFor } from '../permissions';
import type { RoleDefinitions } from '../role-groups';
import { AccountBlocked } from './AccountBlocked';
import { OwnerActions } from './OwnerActions';
import { RemoveAccessLink } from './RemoveAccessLink';
import { UserBranches } from './UserBranches';
import { UserName } from './UserName';
import { UserRoles } from './UserRoles';
import { type GroupedUser } from '../grouped-user';
import { Truncated } from '../../ui/Truncated';

const T = USERS_SCREEN_TEXTS;
/** Lets flex children shrink below their content, so long text truncates on a phone. */
const SHRINK = { minWidth: 0 } as const;

export interface UserCardProps {
  user: GroupedUser;
  expanded: boolean;
  defs: RoleDefinitions | undefined;
  viewer: { roles: readonly string[]; email: string };
  com: string;
  companyBranches: readonly { id: string; name: string }[];
}

export function displayNameOf(user: GroupedUser): string {
  const names = `${user.pref?.fname ?? ''} ${user.pref?.lname ?? ''}`.trim();
  return names || user.username || user.email;
}

/** One expandable user: a summary line, and when expanded the card of section 2. */
export function UserCard({ user, expanded, defs, viewer, com, companyBranches }: UserCardProps) {
  const name = displayNameOf(user);
  const permissions = permissionsFor(viewer, user);
  const invitee = user.access.every((row) => row.status === ACCESS_ENTRY_STATUS.pending);
  const status = user.status ?? '';
  const blockedOrReset = status === USER_STATUS.blocked || status === USER_STATUS.awaitingReset;
  return (
    <Accordion.Item eventKey={user.email}>
      <Accordion.Header>
        <span className="d-flex align-items-center gap-2 w-100 me-2" style={SHRINK}>
          <Avatar name={name} size={32} className="flex-shrink-0" />
          <span className="d-flex flex-column flex-md-row gap-md-3 flex-grow-1" style={SHRINK}>
            {/* In the header button: its name carries the full texts, no focus stops inside. */}
            <Truncated text={name} className="fw-semibold text-truncate" focusable={false} />
            <Truncated
              text={user.email}
              className="text-body-secondary small text-truncate align-self-md-center"
              focusable={false}
            />
          </span>
          <span className="d-flex flex-column flex-sm-row align-items-end gap-1 flex-shrink-0">
            {status === USER_STATUS.blocked && <Badge bg="danger">{T.accountBlocked}</Badge>}
            {invitee && user.access.length > 0 && (
              <Badge bg="warning" text="dark">
                {/* "(pending)" without its brackets reads better as a badge. */}
                {ACCESS_ENTRY_STATUS.pending}
              </Badge>
            )}
          </span>
        </span>
      </Accordion.Header>
      <Accordion.Body>
        {expanded && (
          <>
            <dl className="user-card row mb-0 gy-2">
              <dt className="col-sm-3">{T.nameLabel}</dt>
              <dd className="col-sm-9 mb-0">
                <UserName
                  key={`${user.pref?.fname}|${user.pref?.lname}`}
                  userid={user.userid}
                  fname={user.pref?.fname ?? ''}
                  lname={user.pref?.lname ?? ''}
                  editable={permissions.editName}
                />
              </dd>
              <dt className="col-sm-3">{T.emailLabel}</dt>
              {/* The expanded card has the room: the e-mail in full, wrapped on a phone. */}
              <dd className="col-sm-9 mb-0 text-break" title={user.email}>
                {user.email}
              </dd>
              <dt className="col-sm-3">{T.branchesAssigned}</dt>
              <dd className="col-sm-9 mb-0">
                {user.userid ? (
                  <UserBranches
                    com={com}
                    userid={user.userid}
                    companyBranches={companyBranches}
                    editable={permissions.editName}
                  />
                ) : (
                  <span className="text-body-secondary">{T.noBranches}</span>
                )}
              </dd>
              <dt className="col-sm-3">{T.roles}</dt>
              <dd className="col-sm-9 mb-0">
                <UserRoles
                  user={user}
                  defs={defs}
                  viewerRoles={viewer.roles}
                  permissions={permissions}
                />
              </dd>
            </dl>
            {blockedOrReset && user.username && (
              <div className="mt-3">
                <AccountBlocked
                  username={user.username}
                  status={status}
                  mayReset={permissions.reset}
                />
              </div>
            )}
            {permissions.ownerActions && (
              <div className="mt-3">
                <OwnerActions user={user} name={name} />
              </div>
            )}
            {permissions.removeAccess && (
              <div className="mt-3 pt-2 border-top">
                <RemoveAccessLink email={user.email} />
              </div>
            )}
          </>
        )}
      </Accordion.Body>
    </Accordion.Item>
  );
}
