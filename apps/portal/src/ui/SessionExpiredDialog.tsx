import { useId } from 'react';
import { Modal } from 'react-bootstrap';
import { CODES } from '@portico/contracts';
import { useSession } from '../session/context';
import { ssoPath } from '../session/sso-path';
import { Avatar } from './Avatar';

/**
 * Shown while the session is expired (specification, section 2): who it is, and the way to the
 * login screen of the client. Re-authentication in place (password, PIN, passkey) comes later.
 */
export function SessionExpiredDialog() {
  const { sessionExpired, expiredPerson, client } = useSession();
  const titleId = useId();
  return (
    <Modal
      show={sessionExpired}
      backdrop="static"
      keyboard={false}
      centered
      aria-labelledby={titleId}
    >
      <Modal.Header>
        <Modal.Title id={titleId} as="h2" className="h5">
          Session expired
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {expiredPerson && (
          <div className="d-flex align-items-center gap-2 mb-3">
            <Avatar name={expiredPerson.dis} src={expiredPerson.avatar} size={40} />
            <span className="fw-semibold">{expiredPerson.dis}</span>
          </div>
        )}
        <p className="mb-0">{CODES.session_expired.text}</p>
      </Modal.Body>
      <Modal.Footer>
        <a className="btn btn-primary" href={ssoPath(client)}>
          Go to login
        </a>
      </Modal.Footer>
    </Modal>
  );
}
