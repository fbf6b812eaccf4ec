import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { EDITOR_LABELS } from '@portico/contracts';

export interface EditorFieldProps {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  readOnly: boolean;
  error?: string | undefined;
  help?: ReactNode;
  type?: 'text' | 'url' | 'email';
  as?: 'input' | 'textarea';
  onBlur?: () => void;
  className?: string;
}

/**
 * A labelled text field of a detail editor: read-only text in view mode (an empty value shows a
 * muted "—" instead of a blank gap), its message under it (aria-invalid, described by and
 * announced), a hint read with the field.
 */
export function EditorField({
  id,
  label,
  value,
  onChange,
  readOnly,
  error,
  help,
  type = 'text',
  as = 'input',
  onBlur,
  className = 'mb-3',
}: EditorFieldProps) {
  const invalid = error !== undefined;
  const describedBy =
    [invalid ? `${id}-error` : undefined, help && !readOnly ? `${id}-help` : undefined]
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...(as === 'textarea' ? { as: 'textarea' as const, rows: 2 } : { type })}
        value={value}
        readOnly={readOnly}
        plaintext={readOnly}
        placeholder={readOnly && value === '' ? EDITOR_LABELS.empty : undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        isInvalid={invalid}
        aria-invalid={invalid}
        aria-describedby={describedBy}
      />
      {invalid && (
        <Form.Control.Feedback type="invalid" id={`${id}-error`} role="alert">
          {error}
        </Form.Control.Feedback>
      )}
      {help && !readOnly && (
        <Form.Text id={`${id}-help`} className="d-block">
          {help}
        </Form.Text>
      )}
    </Form.Group>
  );
}
