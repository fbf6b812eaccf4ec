import { useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { SessionProvider } from '../session/SessionProvider';
import { useSession } from '../session/context';
import { Loading } from './Loading';
import { PageStack } from './PageStack';
import { SessionExpiredDialog } from './SessionExpiredDialog';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';
import { useRouteTitle } from './use-route-title';

/** The signed-in shell: it loads the session, then shows the top bar, side menu and screen. */
export function Shell() {
  return (
    <SessionProvider>
      <ShellFrame />
    </SessionProvider>
  );
}

function ShellFrame() {
  const session = useSession();
  const { pathname } = useLocation();
  const label = useRouteTitle();
  const [menuOpen, setMenuOpen] = useState(false);

  if (!session.details && !session.sessionExpired) return <Loading label="Loading your session…" />;

  return (
    <div className="shell">
      <a className="visually-hidden-focusable skip-link" href="#main">
        Skip to content
      </a>
      <TopBar onOpenMenu={() => setMenuOpen(true)} />
      <div className="shell-body">
        <SideMenu flags={session.flags} show={menuOpen} onHide={() => setMenuOpen(false)} />
        <main id="main" className="shell-main" tabIndex={-1}>
          <PageStack
            key={`${session.currentCompany ?? ''} ${pathname}`}
            home={{ Id: pathname, Label: label, Element: <Outlet /> }}
          />
        </main>
      </div>
      <SessionExpiredDialog />
    </div>
  );
}
