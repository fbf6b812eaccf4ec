import { Nav } from 'react-bootstrap';
import { NavLink, Outlet } from 'react-router-dom';
import { SCREENS } from '../screens';

const SECTIONS = [SCREENS.adminCompanies, SCREENS.adminWhitelist, SCREENS.adminBanned];

/** The admin area: its sub-pages as tabs, the chosen one below. */
export function AdminLayout() {
  return (
    <>
      <Nav variant="underline" as="nav" aria-label={SCREENS.admin.label} className="mb-3">
        {SECTIONS.map((section) => (
          <Nav.Link key={section.path} as={NavLink} to={section.path}>
            {section.label}
          </Nav.Link>
        ))}
      </Nav>
      <Outlet />
    </>
  );
}
