import { REAUTH_LABELS } from '@portico/contracts';
import { Button, Spinner } from 'react-bootstrap';

export function SubmitButton({ busy }: { busy: boolean }) {
  return (
    <Button type="submit" className="w-100" disabled={busy}>
      {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
      {REAUTH_LABELS.submit}
    </Button>
  );
}
