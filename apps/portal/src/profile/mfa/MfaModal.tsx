import type { ReactNode } from 'react';
import { Modal } from 'react-bootstrap';

/** The dialog frame of the MFA steps; its body is a form with its own buttons. */
export function MfaModal({
  title,
  show,
  onHide,
  children,
}: {
  title: string;
  show: boolean;
  onHide(): void;
  children: ReactNode;
}) {
  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="mfa-modal-title">
      <Modal.Header closeButton>
        <Modal.Title id="mfa-modal-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
    </Modal>
  );
}
