import { vi } from 'vitest';
import { FIRST_PAGE, ROLE_GLOBAL_ADMIN, featureFlags, type FeatureFlags } from '@portico/contracts';
import { SessionContext, type Session } from '../session/context';
import { sessionDetails } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { stubApi, type StubAnswer } from '../test/fetch-stub';
import { UsersScreen } from './UsersScreen';

export const COM = 'acme';
export const VIEWER_EMAIL = 'maria@bank.example';

/** A flat users.list row. */
export function row(email: string, overrides: Record<string, unknown> = {}) {
  return {
    app: 'global',
    code: '',
    email,
    status: 'verified',
    com: COM,
    userid: `id-${email}`,
    username: email.split('@')[0]?.replace(/\W/g, '_') ?? 'user',
    roles: ['member'],
    user_status: 'active',
    ...overrides,
  };
}

export const ROLE_DEFS = {
  global: {
    id: 'global',
    name: 'Company',
    roles: [
      { id: 'admin', name: 'Admin' },
      { id: 'member', name: 'Member' },
      { id: 'owner', name: 'Owner' },
    ],
  },
  apps: [
    {
      id: 'ledger',
      name: 'Ledger',
      roles: [
        { id: 'admin', name: 'Admin' },
        { id: 'clerk', name: 'Clerk' },
      ],
    },
  ],
};

export function listAnswer(users: ReturnType<typeof row>[], total?: number): StubAnswer {
  const emails = new Set(users.map((u) => u.email));
  return { Code: '200', Msg: { users, total: total ?? emails.size, prefs: [] } };
}

/** Stubs the reads of the screen; `extra` adds or replaces routes. */
export function stubUsersApi(
  list: StubAnswer | (() => StubAnswer),
  extra: Record<string, StubAnswer | (() => StubAnswer)> = {},
) {
  return stubApi({
    'POST /v1/users': list,
    'GET /v1/roles/defs': { Code: '200', Msg: ROLE_DEFS },
    'GET /v1/branches': { Code: '200', Msg: { branches: [{ id: 'b1', name: 'Main Street' }] } },
    'POST /v1/branches/user': { Code: '200', Msg: { branches: [], servicing: null } },
    ...extra,
  });
}

/** Renders the screen for a signed-in viewer with the given company roles. */
export function renderUsers(roles: string[] = [ROLE_GLOBAL_ADMIN]) {
  const flags: FeatureFlags = featureFlags(roles, COM);
  const session: Session = {
    client: 'portal',
    details: sessionDetails({ roles, email: VIEWER_EMAIL }),
    flags,
    signed: true,
    sessionExpired: false,
    expiredPerson: undefined,
    currentCompany: COM,
    companies: [],
    signOut: vi.fn(),
    switchCompany: vi.fn(),
    reauthenticated: vi.fn(),
  };
  return renderWithProviders(
    <SessionContext.Provider value={session}>
      <UsersScreen />
    </SessionContext.Provider>,
  );
}

/** The users.list bodies the stub received, in order. */
export function listBodies(fetchStub: ReturnType<typeof stubApi>) {
  return fetchStub.mock.calls
    .filter(([input]) => new URL(String(input)).pathname === '/v1/users')
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

export { FIRST_PAGE };
