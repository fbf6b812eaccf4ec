import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { createApiClient } from '../api/client';
import { featureFlags } from '@portico/contracts';
import { AppProviders, createQueryClient } from '../providers';
import { SessionContext, type Session } from '../session/context';
import { sessionDetails } from './fixtures';

/** Renders routes at a URL with fresh providers: API client (fetch stubbed), queries, UI. */
export function renderRoutes(routes: RouteObject[], url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const api = createApiClient({ baseUrl: () => 'http://portal.test:1234' });
  const view = render(
    <AppProviders api={api} queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, api };
}

/** Renders an element with fresh providers and no routes. */
export function renderWithProviders(element: ReactElement) {
  const api = createApiClient({ baseUrl: () => 'http://portal.test:1234' });
  return { ...render(<AppProviders api={api}>{element}</AppProviders>), api };
}

/**
 * Renders a screen for a member holding `roles` in company `companyId` (the session's details
 * and flags, nothing else of the session), with fresh providers.
 */
export function renderAsMember(
  element: ReactElement,
  roles: string[],
  companyId = 'acme',
  overrides: Partial<ReturnType<typeof sessionDetails>> = {},
) {
  const details = sessionDetails({
    roles,
    com: { id: companyId, name: 'Acme Bank', img: '' },
    ...overrides,
  });
  const session = {
    details,
    flags: featureFlags(roles, companyId),
    currentCompany: companyId,
  } as Session;
  return renderWithProviders(
    <SessionContext.Provider value={session}>{element}</SessionContext.Provider>,
  );
}
