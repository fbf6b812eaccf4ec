import { Button } from 'react-bootstrap';
import { AUDIT_TEXTS as T, type AuditEvent } from '@portico/contracts';
import { detailText, formatEventTime } from '../format';

interface Props {
  event: AuditEvent;
  showCompany: boolean;
  expanded: boolean;
  onToggle: () => void;
}

function Person({ person }: { person: { name: string; email: string } }) {
  return (
    <>
      <span className="d-block">{person.name || person.email}</span>
      {person.name && <span className="d-block small text-body-secondary">{person.email}</span>}
    </>
  );
}

/** Key and value pairs of an event: the recorded details, then the columns not shown above. */
function entriesOf(event: AuditEvent): [string, string][] {
  const entries = Object.entries(event.details ?? {}).map(([key, value]): [string, string] => [
    key,
    detailText(value),
  ]);
  const extra: [string, string | null][] = [
    [T.client, event.client],
    [T.target, event.target],
    [T.actor, event.actor?.id ?? null],
    [T.company, event.company?.id ?? null],
  ];
  return [...entries, ...extra.filter((entry): entry is [string, string] => entry[1] !== null)];
}

/**
 * One event: a table row on wide screens, a card on phones (audit.css), and under it, when
 * its disclosure button is pressed, its details as key and value.
 */
export function AuditEventRow({ event, showCompany, expanded, onToggle }: Props) {
  const time = formatEventTime(event.at);
  const detailsId = `audit-details-${event.id}`;
  const columns = showCompany ? 7 : 6;
  const recorded = event.details !== null && Object.keys(event.details).length > 0;
  return (
    <>
      <tr className="audit-row">
        <td data-label={T.time} className="text-nowrap">
          <time dateTime={event.at}>{time}</time>
        </td>
        <td data-label={T.action} className="font-monospace">
          {event.action}
        </td>
        <td data-label={T.actor}>
          {event.actor ? (
            <Person person={event.actor} />
          ) : (
            <span className="text-body-secondary fst-italic">{T.system}</span>
          )}
        </td>
        <td data-label={T.target} className="text-break">
          {event.target_user ? <Person person={event.target_user} /> : (event.target ?? T.none)}
        </td>
        {showCompany && <td data-label={T.company}>{event.company?.name ?? T.none}</td>}
        <td data-label={T.ip} className="font-monospace">
          {event.ip ?? T.none}
        </td>
        <td className="text-lg-end">
          <Button
            size="sm"
            variant="outline-secondary"
            aria-expanded={expanded}
            aria-controls={detailsId}
            aria-label={T.showDetails(event.action, time)}
            onClick={onToggle}
          >
            {T.details}
          </Button>
        </td>
      </tr>
      <tr id={detailsId} className="audit-details" hidden={!expanded}>
        <td colSpan={columns}>
          {!recorded && <p className="small text-body-secondary mb-1">{T.noDetails}</p>}
          <dl className="audit-details-list mb-0 small">
            {entriesOf(event).map(([key, value], index) => (
              <div key={`${index}-${key}`} className="d-flex flex-wrap gap-2">
                <dt className="fw-semibold">{key}</dt>
                <dd className="mb-0 font-monospace text-break">{value}</dd>
              </div>
            ))}
          </dl>
        </td>
      </tr>
    </>
  );
}
