import type { ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { PublicCard } from './PublicCard';

export interface InfoPageProps {
  title: string;
  subtitle?: ReactNode;
  /** Shown as a button under the text when given (the specification's optional Continue). */
  action?: { label: string; onClick: () => void };
  /** `danger` for failures, `success` for completions; the title's colour only. */
  tone?: 'info' | 'success' | 'danger';
  /** Anything else the page needs under the text (a link, a logo above the title...). */
  children?: ReactNode;
  /** Shown above the title (a client logo). */
  header?: ReactNode;
}

/**
 * The information/error page of section 2: a title, a subtitle and an optional button, in the
 * public card. Gate pages, registration and invitation outcomes and reset results use it. The
 * title takes focus so a screen reader announces the outcome at once.
 */
export function InfoPage({
  title,
  subtitle,
  action,
  tone = 'info',
  children,
  header,
}: InfoPageProps) {
  const titleClass = tone === 'danger' ? 'text-danger' : tone === 'success' ? 'text-success' : '';
  return (
    <PublicCard>
      {header}
      <div className="text-center" role="status">
        <h1 className={`h4 fw-semibold mb-2 ${titleClass}`} tabIndex={-1} ref={focusOnMount}>
          {title}
        </h1>
        {subtitle !== undefined && <p className="text-body-secondary mb-0">{subtitle}</p>}
      </div>
      {children}
      {action && (
        <Button className="w-100 mt-4" onClick={action.onClick}>
          {action.label}
        </Button>
      )}
    </PublicCard>
  );
}

function focusOnMount(element: HTMLElement | null) {
  element?.focus();
}
