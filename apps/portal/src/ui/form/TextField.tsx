import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import type { BoundField } from './use-form-fields';

type InputProps = Omit<
  ComponentPropsWithoutRef<'input'>,
  'id' | 'name' | 'value' | 'onChange' | 'onBlur' | 'size'
>;

export interface TextFieldProps extends InputProps {
  /** The id of the input; the label, help and message ids derive from it. */
  id: string;
  label: ReactNode;
  field: BoundField;
  /** A hint under the field (the password rules), read with the field by screen readers. */
  help?: ReactNode;
  className?: string;
}

/**
 * A labelled text or password input bound to `useFormFields`. The message shows under the field
 * in Bootstrap's invalid style, marks the input aria-invalid, is tied to it with
 * aria-describedby and is announced when it appears.
 */
export function TextField({
  id,
  label,
  field,
  help,
  className = 'mb-3',
  type = 'text',
  ...input
}: TextFieldProps) {
  const { inputRef, name, value, error, onChange, onBlur } = field;
  const invalid = error !== undefined;
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy =
    [invalid ? errorId : undefined, help ? helpId : undefined].filter(Boolean).join(' ') ||
    undefined;
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...input}
        ref={inputRef}
        type={type}
        name={name}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        isInvalid={invalid}
        aria-invalid={invalid}
        aria-describedby={describedBy}
      />
      {invalid && (
        <Form.Control.Feedback type="invalid" id={errorId} role="alert">
          {error}
        </Form.Control.Feedback>
      )}
      {help && (
        <Form.Text id={helpId} className="d-block">
          {help}
        </Form.Text>
      )}
    </Form.Group>
  );
}
