import { useId, useState, type FormEvent } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { AUDIT_TEXTS as T, type AuditFilter } from '@portico/contracts';
import { EMPTY_DRAFT, filterOf, type FilterDraft } from '../filter';

interface Field {
  key: keyof FilterDraft;
  label: string;
  type: 'datetime-local' | 'text';
  hint?: string;
}

const FIELDS: readonly Field[] = [
  { key: 'from', label: T.from, type: 'datetime-local' },
  { key: 'to', label: T.to, type: 'datetime-local' },
  { key: 'actor', label: T.actor, type: 'text', hint: T.actorHint },
  { key: 'target', label: T.target, type: 'text', hint: T.targetHint },
  { key: 'action', label: T.action, type: 'text', hint: T.actionHint },
  { key: 'ip', label: T.ip, type: 'text' },
  { key: 'client', label: T.client, type: 'text' },
];

/** The filter form: applied on submit (Enter or the button), so typing sends nothing. */
export function AuditFilters({ onApply }: { onApply: (filter: AuditFilter) => void }) {
  const id = useId();
  const [draft, setDraft] = useState<FilterDraft>(EMPTY_DRAFT);

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply(filterOf(draft));
  }
  function clear() {
    setDraft(EMPTY_DRAFT);
    onApply({});
  }

  return (
    <Form onSubmit={submit} aria-label={T.filters}>
      <Row className="g-2">
        {FIELDS.map((field) => (
          <Col xs={12} sm={6} lg={field.type === 'datetime-local' ? 3 : 2} key={field.key}>
            <Form.Group controlId={`${id}-${field.key}`}>
              <Form.Label className="small mb-1">{field.label}</Form.Label>
              <Form.Control
                size="sm"
                type={field.type}
                value={draft[field.key]}
                placeholder={field.hint}
                maxLength={field.type === 'text' ? 320 : undefined}
                onChange={(event) => setDraft({ ...draft, [field.key]: event.target.value })}
              />
            </Form.Group>
          </Col>
        ))}
        <Col xs={12} lg="auto" className="d-flex align-items-end gap-2">
          <Button size="sm" type="submit">
            {T.apply}
          </Button>
          <Button size="sm" variant="outline-secondary" onClick={clear}>
            {T.clear}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
