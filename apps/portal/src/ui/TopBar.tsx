import { Button, Container, Dropdown, Navbar } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME, SHELL_MESSAGES, SUCCESS_CODE } from '@portico/contracts';
import { useSession } from '../session/context';
import { Avatar } from './Avatar';
import { codeText } from './code-text';
import { useToasts } from './toasts-context';
import logo from './logo.svg';

/** Brand, the menu button on small screens, and the account menu (greeting, companies, sign out). */
export function TopBar({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { details, expiredPerson, companies, currentCompany, switchCompany, signOut } =
    useSession();
  // While the session is expired the details answer is the expiry; the person stays known.
  const person = details ?? expiredPerson;
  const toasts = useToasts();
  const name = person?.dis ?? '';

  async function chooseCompany(id: string) {
    if (id === currentCompany) return;
    const answer = await switchCompany(id);
    if (answer.Code !== SUCCESS_CODE) {
      toasts.show({
        Title: SHELL_MESSAGES.companySwitchFailed,
        Msg: codeText(answer.Code),
        Type: 'danger',
      });
    }
  }

  async function endSession() {
    const code = await signOut();
    if (code !== SUCCESS_CODE && code !== 'session_invalid' && code !== 'loading') {
      toasts.show({ Title: SHELL_MESSAGES.signOutFailed, Msg: codeText(code), Type: 'danger' });
    }
  }

  return (
    // The bar is the page's banner: react-bootstrap would call any Navbar not rendered as <nav>
    // a navigation landmark, a second one beside the side menu's.
    <Navbar as="header" role="banner" bg="white" className="topbar border-bottom px-0" sticky="top">
      <Container fluid className="gap-2">
        <Button
          variant="outline-secondary"
          size="sm"
          className="d-lg-none"
          aria-controls="side-menu"
          aria-label="Open menu"
          onClick={onOpenMenu}
        >
          <span className="navbar-toggler-icon" aria-hidden="true" />
        </Button>
        <Navbar.Brand as={Link} to="/" className="d-flex align-items-center gap-2 me-auto">
          <img src={logo} alt="" width={28} height={28} />
          {PRODUCT_NAME}
        </Navbar.Brand>
        <Dropdown align="end">
          <Dropdown.Toggle
            variant="light"
            id="account-menu"
            className="d-flex align-items-center gap-2"
            aria-label={`Account menu of ${name}`}
          >
            <Avatar name={name} src={person?.avatar} size={28} />
            <span className="d-none d-sm-inline text-truncate account-name">{name}</span>
          </Dropdown.Toggle>
          <Dropdown.Menu className="account-menu shadow-sm">
            <Dropdown.ItemText className="fw-semibold">Hello, {name}</Dropdown.ItemText>
            {companies.length > 0 && (
              <>
                <Dropdown.Divider />
                <Dropdown.Header>Switch company</Dropdown.Header>
                {companies.map((company) => {
                  const current = company.id === currentCompany;
                  return (
                    <Dropdown.Item
                      key={company.id}
                      as="button"
                      active={current}
                      aria-current={current ? 'true' : undefined}
                      className="d-flex align-items-center gap-2"
                      onClick={() => void chooseCompany(company.id)}
                    >
                      <Avatar name={company.name} src={company.img} size={20} />
                      {company.name}
                    </Dropdown.Item>
                  );
                })}
              </>
            )}
            <Dropdown.Divider />
            <Dropdown.Item as="button" onClick={() => void endSession()}>
              Sign out
            </Dropdown.Item>
          </Dropdown.Menu>
        </Dropdown>
      </Container>
    </Navbar>
  );
}
