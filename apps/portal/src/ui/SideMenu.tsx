import { Nav, Offcanvas } from 'react-bootstrap';
import { NavLink } from 'react-router-dom';
import { PRODUCT_NAME, type FeatureFlags } from '@portico/contracts';
import { MENU, type ScreenInfo } from '../screens';

export interface SideMenuProps {
  flags: FeatureFlags;
  /** Open on small screens (it is always shown from the lg breakpoint up). */
  show: boolean;
  onHide: () => void;
}

const allowed = (flags: FeatureFlags) => (item: ScreenInfo) => !item.flag || flags[item.flag];

/** The side menu (section 6): an item with a feature flag is hidden while its flag is false. */
export function SideMenu({ flags, show, onHide }: SideMenuProps) {
  return (
    <Offcanvas
      id="side-menu"
      show={show}
      onHide={onHide}
      responsive="lg"
      className="side-menu"
      aria-labelledby="side-menu-title"
    >
      <Offcanvas.Header closeButton>
        <Offcanvas.Title id="side-menu-title">{PRODUCT_NAME}</Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body className="p-2">
        <Nav as="nav" aria-label="Main" className="flex-column w-100">
          {MENU.filter(allowed(flags)).map((item) => (
            <div key={item.path}>
              <Nav.Link as={NavLink} to={item.path} onClick={onHide}>
                {item.label}
              </Nav.Link>
              {item.children && (
                <Nav className="flex-column side-menu-sub">
                  {item.children.filter(allowed(flags)).map((child) => (
                    <Nav.Link key={child.path} as={NavLink} to={child.path} onClick={onHide}>
                      {child.label}
                    </Nav.Link>
                  ))}
                </Nav>
              )}
            </div>
          ))}
        </Nav>
      </Offcanvas.Body>
    </Offcanvas>
  );
}
