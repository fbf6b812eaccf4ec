import { useState } from 'react';
import { Form, InputGroup } from 'react-bootstrap';
import { DEV_LABELS as L, DURATION_UNITS, type DurationUnit } from '@portico/contracts';
import { durationFromText, durationText, formatDuration, type DurationText } from './client-form';

interface DurationInputProps {
  id: string;
  label: string;
  /** Seconds; NaN while the typed value is not a whole number of at least 1. */
  seconds: number;
  onChange: (seconds: number) => void;
  readOnly: boolean;
  error?: string | undefined;
}

function same(a: number, b: number): boolean {
  return a === b || (Number.isNaN(a) && Number.isNaN(b));
}

/**
 * A duration (section 5): a number of at least 1 and a unit, shown in the largest exact unit.
 * The number and unit are kept as typed; a new value from outside (Cancel) replaces them.
 */
export function DurationInput({
  id,
  label,
  seconds,
  onChange,
  readOnly,
  error,
}: DurationInputProps) {
  const [parts, setParts] = useState<DurationText>(() => durationText(seconds));
  if (!same(durationFromText(parts), seconds) && Number.isFinite(seconds) && seconds > 0) {
    // Adjusting state to a changed prop during render (React's documented pattern).
    setParts(durationText(seconds));
  }

  function change(next: DurationText) {
    setParts(next);
    onChange(durationFromText(next));
  }

  const invalid = error !== undefined;
  if (readOnly) {
    return (
      <Form.Group className="mb-3" controlId={id}>
        <Form.Label>{label}</Form.Label>
        <Form.Control plaintext readOnly value={formatDuration(seconds)} />
      </Form.Group>
    );
  }
  return (
    <Form.Group className="mb-3">
      <Form.Label htmlFor={id}>{label}</Form.Label>
      <InputGroup hasValidation>
        <Form.Control
          id={id}
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          value={parts.text}
          onChange={(event) => change({ ...parts, text: event.target.value })}
          isInvalid={invalid}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${id}-error` : undefined}
        />
        <Form.Select
          aria-label={`${label}: ${L.unit}`}
          value={parts.unit}
          onChange={(event) => change({ ...parts, unit: event.target.value as DurationUnit })}
          className="duration-unit"
        >
          {DURATION_UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {unit}
            </option>
          ))}
        </Form.Select>
        {invalid && (
          <Form.Control.Feedback type="invalid" id={`${id}-error`} role="alert">
            {error}
          </Form.Control.Feedback>
        )}
      </InputGroup>
    </Form.Group>
  );
}
