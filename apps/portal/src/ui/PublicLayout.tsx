import { Outlet } from 'react-router-dom';
import { useRouteTitle } from './use-route-title';

/** The frame of the screens used without a session: login, registration, invite, password. */
export function PublicLayout() {
  useRouteTitle();
  return (
    <main className="public-page">
      <Outlet />
    </main>
  );
}
