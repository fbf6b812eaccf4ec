import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';

/** The card that holds a public screen (login, registration, invite, password), centred. */
export function PublicCard({ children }: { children: ReactNode }) {
  return (
    <Card className="public-card shadow-sm">
      <Card.Body className="p-4">{children}</Card.Body>
    </Card>
  );
}
