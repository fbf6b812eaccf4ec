import type { ReactNode } from 'react';
import { Badge, Button, Card } from 'react-bootstrap';
import {
  SUBSCRIPTION_CARD_WIDTH_PX,
  SUBSCRIPTION_STATUS,
  SUBSCRIPTION_TEXTS,
  type AccessStatus,
} from '@portico/contracts';
import { Avatar } from '../ui/Avatar';
import { cardAction, safeLink } from './card-action';
import type { SubscriptionApp } from './queries';

const T = SUBSCRIPTION_TEXTS;

export interface SubscriptionCardProps {
  app: SubscriptionApp;
  access: AccessStatus;
  busy: boolean;
  /** Whether the viewer may change the company's access (its owner or an admin). */
  canChange: boolean;
  onChange(next: 'beta' | 'dis'): void;
}

/** One application: icon and name open its link in a new tab; one button for the access. */
export function SubscriptionCard({
  app,
  access,
  busy,
  canChange,
  onChange,
}: SubscriptionCardProps) {
  const link = safeLink(app.link);
  const action = cardAction(app, access);
  const hintId = `subs-hint-${app.id}`;
  // The icon link is named for what it does; the name link's text is the name itself.
  const opening = (content: ReactNode, className: string, label?: string) =>
    link ? (
      <a
        href={link}
        target="_blank"
        rel="noopener noreferrer"
        className={className}
        aria-label={label}
        title={T.openApp(app.name)}
      >
        {content}
      </a>
    ) : (
      <span className={className}>{content}</span>
    );

  let button: ReactNode;
  switch (action.kind) {
    case 'subscribed':
      button = (
        <Button size="sm" variant="success" disabled>
          {T.subscribed}
        </Button>
      );
      break;
    case 'subscribe':
      button = (
        <>
          <Button size="sm" variant="outline-primary" disabled aria-describedby={hintId}>
            {T.subscribe}
          </Button>
          <div id={hintId} className="small text-body-secondary mt-1">
            {T.subscribeHint}
          </div>
        </>
      );
      break;
    default:
      button = (
        <>
          <Button
            size="sm"
            variant={action.kind === 'join' ? 'primary' : 'outline-secondary'}
            disabled={busy || !canChange}
            aria-busy={busy}
            aria-describedby={canChange ? undefined : hintId}
            onClick={() => onChange(action.next)}
          >
            {action.kind === 'join' ? T.joinBeta : T.cancel}
          </Button>
          {!canChange && (
            <div id={hintId} className="small text-body-secondary mt-1">
              {T.adminOnlyHint}
            </div>
          )}
        </>
      );
  }

  return (
    <Card
      as="article"
      className="subs-card"
      style={{ width: SUBSCRIPTION_CARD_WIDTH_PX }}
      aria-labelledby={`subs-name-${app.id}`}
    >
      <Card.Body className="d-flex flex-column">
        <div className="d-flex align-items-start justify-content-between mb-2">
          {opening(
            app.iconl ? (
              <img src={app.iconl} alt="" width={48} height={48} className="subs-icon" />
            ) : (
              <Avatar name={app.name} size={48} />
            ),
            'subs-icon-link',
            T.openApp(app.name),
          )}
          {app.status === SUBSCRIPTION_STATUS.beta && (
            <Badge bg="info" text="dark">
              {T.beta}
            </Badge>
          )}
        </div>
        <h2 id={`subs-name-${app.id}`} className="h6 mb-1 text-break">
          {opening(app.name, 'subs-name')}
        </h2>
        <p className="small text-body-secondary flex-grow-1 text-break">{app.desc}</p>
        <div>{button}</div>
      </Card.Body>
    </Card>
  );
}
