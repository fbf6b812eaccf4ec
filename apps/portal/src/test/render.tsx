import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { createApiClient } from '../api/client';
import { AppProviders, createQueryClient } from '../providers';

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
