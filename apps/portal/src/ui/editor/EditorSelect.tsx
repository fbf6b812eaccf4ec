import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';

export interface EditorSelectOption<V extends string | number> {
  value: V;
  label: string;
}

export interface EditorSelectProps<V extends string | number> {
  id: string;
  label: ReactNode;
  value: V;
  options: readonly EditorSelectOption<V>[];
  onChange: (value: V) => void;
  readOnly: boolean;
  className?: string;
}

/**
 * A labelled choice of a detail editor: a select in edit mode; in view mode the chosen label as
 * read-only text, like the text fields beside it (a disabled select would stand out greyed).
 */
export function EditorSelect<V extends string | number>({
  id,
  label,
  value,
  options,
  onChange,
  readOnly,
  className = 'mb-3',
}: EditorSelectProps<V>) {
  const chosen = options.find((option) => option.value === value);
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      {readOnly ? (
        <Form.Control plaintext readOnly value={chosen?.label ?? String(value)} />
      ) : (
        <Form.Select
          value={value}
          onChange={(event) => {
            const next = options.find((option) => String(option.value) === event.target.value);
            if (next) onChange(next.value);
          }}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Form.Select>
      )}
    </Form.Group>
  );
}
