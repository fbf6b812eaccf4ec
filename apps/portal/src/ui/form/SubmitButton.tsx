import type { ReactNode } from 'react';
import { Button, Spinner } from 'react-bootstrap';

export interface SubmitButtonProps {
  children: ReactNode;
  /** True while the request is on its way: the button is disabled and shows a spinner. */
  busy: boolean;
  disabled?: boolean;
  className?: string;
}

/**
 * A form's submit button. While busy it is disabled (no double submits) and keeps its name, so
 * a screen reader and a test find the same button before and during the request.
 */
export function SubmitButton({
  children,
  busy,
  disabled = false,
  className = 'w-100',
}: SubmitButtonProps) {
  return (
    <Button type="submit" className={className} disabled={busy || disabled} aria-busy={busy}>
      {busy && (
        <Spinner
          animation="border"
          size="sm"
          className="me-2"
          aria-hidden="true"
          role="presentation"
        />
      )}
      {children}
    </Button>
  );
}
