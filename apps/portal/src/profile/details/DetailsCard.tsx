import { useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { Badge, Button, Card, Col, Form, Row } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import {
  EDITOR_LABELS,
  PROFILE_TEXTS,
  SUCCESS_CODE,
  calls,
  displayNameRule,
  personNameRule,
} from '@portico/contracts';
import { useApi } from '../../api/context';
import { sessionKeys, type SessionDetails } from '../../session/queries';
import { Avatar } from '../../ui/Avatar';
import { useToasts } from '../../ui/toasts-context';
import { profileRoleLabel } from '../role-label';
import { AvatarPicker } from './AvatarPicker';
import { isDirty, nameEditor, shownFields, type NameFields } from './name-editor';

const T = PROFILE_TEXTS;
const RULES = { dis: displayNameRule, fname: personNameRule, lname: personNameRule };
const FIELDS: { key: keyof NameFields; label: string; autoComplete: string }[] = [
  { key: 'dis', label: T.displayName, autoComplete: 'nickname' },
  { key: 'fname', label: T.firstName, autoComplete: 'given-name' },
  { key: 'lname', label: T.lastName, autoComplete: 'family-name' },
];

function namesOf(details: SessionDetails): NameFields {
  return { dis: details.dis, fname: details.fname, lname: details.lname };
}

/** The profile preview and its names, with the edit toggle of section 4. */
export function DetailsCard({ details }: { details: SessionDetails }) {
  const { callApi } = useApi();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const [editor, dispatch] = useReducer(nameEditor, { mode: 'view', original: namesOf(details) });
  const [errors, setErrors] = useState<Partial<Record<keyof NameFields, string>>>({});
  const [busy, setBusy] = useState(false);
  const fields = shownFields(editor);
  const editing = editor.mode === 'edit';
  const roleLabel = profileRoleLabel(details.roles, details.role_names);

  const { dis, fname, lname } = details;
  useEffect(() => dispatch({ type: 'load', fields: { dis, fname, lname } }), [dis, fname, lname]);

  // Edit and the Apply/Cancel pair replace each other: the focus goes with them, not to the page.
  const firstField = useRef<HTMLInputElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (editing) firstField.current?.focus();
    else if (wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  async function apply(event: FormEvent) {
    event.preventDefault();
    if (!isDirty(editor) || busy) return;
    const found: typeof errors = {};
    for (const { key } of FIELDS) {
      const checked = RULES[key].safeParse(fields[key]);
      if (!checked.success) found[key] = checked.error.issues[0]?.message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const payload = {
      dis: fields.dis.trim(),
      fname: fields.fname.trim(),
      lname: fields.lname.trim(),
    };
    setBusy(true);
    const answer = await callApi(calls.profile.update, payload);
    setBusy(false);
    if (answer.Code === SUCCESS_CODE) {
      dispatch({ type: 'saved', fields: payload });
      toasts.show({ Title: T.detailsTitle, Msg: T.updated, Type: 'success' });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.details });
    } else {
      toasts.show({ Title: T.detailsTitle, Msg: T.updateFailed, Type: 'danger' });
    }
  }

  return (
    <Card as="section" className="mb-3" aria-labelledby="profile-details-title">
      <Card.Body>
        <Row className="g-4">
          <Col xs={12} md="auto" className="profile-preview">
            <Avatar name={details.dis} src={details.avatar} size={96} className="mb-2" />
            <div className="fw-semibold text-break">{details.dis}</div>
            {roleLabel && (
              <Badge bg="secondary" className="mb-2">
                {roleLabel}
              </Badge>
            )}
            <AvatarPicker />
          </Col>
          <Col>
            <Form noValidate onSubmit={(event) => void apply(event)}>
              <div className="d-flex align-items-center mb-2">
                <h2 id="profile-details-title" className="h6 mb-0 me-auto">
                  {T.detailsTitle}
                </h2>
                {!editing && (
                  <Button
                    ref={editButton}
                    size="sm"
                    variant="outline-primary"
                    onClick={() => dispatch({ type: 'edit' })}
                  >
                    {T.edit}
                  </Button>
                )}
              </div>
              <Row className="g-2">
                {FIELDS.map(({ key, label, autoComplete }) => (
                  <Form.Group
                    as={Col}
                    xs={12}
                    sm={key === 'dis' ? 12 : 6}
                    key={key}
                    controlId={`profile-${key}`}
                  >
                    <Form.Label className="small text-body-secondary mb-0">{label}</Form.Label>
                    <Form.Control
                      ref={key === 'dis' ? firstField : undefined}
                      value={fields[key]}
                      readOnly={!editing}
                      plaintext={!editing}
                      placeholder={!editing && fields[key] === '' ? EDITOR_LABELS.empty : undefined}
                      autoComplete={autoComplete}
                      isInvalid={errors[key] !== undefined}
                      aria-invalid={errors[key] !== undefined || undefined}
                      aria-describedby={errors[key] ? `profile-${key}-error` : undefined}
                      onChange={(event) => {
                        dispatch({ type: 'change', field: key, value: event.target.value });
                        setErrors((list) => ({ ...list, [key]: undefined }));
                      }}
                    />
                    {errors[key] && (
                      <Form.Control.Feedback
                        type="invalid"
                        id={`profile-${key}-error`}
                        role="alert"
                      >
                        {errors[key]}
                      </Form.Control.Feedback>
                    )}
                  </Form.Group>
                ))}
                <Form.Group as={Col} xs={12} controlId="profile-email">
                  <Form.Label className="small text-body-secondary mb-0">{T.email}</Form.Label>
                  <Form.Control value={details.email} readOnly plaintext />
                </Form.Group>
              </Row>
              {editing && (
                <div className="d-flex gap-2 justify-content-end mt-3">
                  <Button
                    variant="outline-secondary"
                    disabled={busy}
                    onClick={() => {
                      setErrors({});
                      dispatch({ type: 'cancel' });
                    }}
                  >
                    {T.cancel}
                  </Button>
                  <Button type="submit" disabled={busy || !isDirty(editor)} aria-busy={busy}>
                    {T.apply}
                  </Button>
                </div>
              )}
            </Form>
          </Col>
        </Row>
      </Card.Body>
    </Card>
  );
}
