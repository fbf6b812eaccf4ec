import { useId } from 'react';
import { Alert, Button, Form, InputGroup } from 'react-bootstrap';
import { DEV_LABELS as L, DEV_MESSAGES } from '@portico/contracts';
import { useCopy } from '../ui/use-copy';

/** A new or rotated client secret, whole, shown once (section 3) with a copy button. */
export function SecretOnce({ secret, onDismiss }: { secret: string; onDismiss: () => void }) {
  const { copied, copy } = useCopy(secret);
  // A new client's and a rotated one's may show at the same time.
  const fieldId = useId();

  return (
    <Alert variant="warning" dismissible onClose={onDismiss} className="mb-3">
      <p className="mb-2">{DEV_MESSAGES.secretShownOnce}</p>
      <Form.Label htmlFor={fieldId}>{L.newSecret}</Form.Label>
      <InputGroup>
        <Form.Control
          id={fieldId}
          readOnly
          value={secret}
          className="font-monospace"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="outline-secondary" onClick={() => void copy()}>
          {copied ? L.copied : L.copy}
        </Button>
      </InputGroup>
    </Alert>
  );
}
