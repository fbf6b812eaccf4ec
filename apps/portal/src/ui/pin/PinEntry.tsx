import {
  useEffect,
  useId,
  useRef,
  useState,
  type ClipboardEvent,
  type CSSProperties,
  type KeyboardEvent,
} from 'react';
import { PIN_CLEAR_AFTER_SUBMIT_MS, PIN_LENGTH } from '@portico/contracts';
import {
  EMPTY_PIN,
  fillFrom,
  fromPaste,
  isComplete,
  onlyDigits,
  typedDigit,
  withDigit,
  type PinDigits,
} from './pin-digits';

export interface PinEntryProps {
  /** The visible name of the group of boxes, e.g. "MPIN". */
  label: string;
  /** In verify mode, the group's name while the PIN is entered the second time. */
  confirmLabel?: string;
  /** normal: complete as soon as the boxes are full; verify: enter twice, the two must match. */
  mode?: 'normal' | 'verify';
  /** The full PIN (in verify mode once both entries match). */
  onComplete(pin: string): void;
  /** Verify mode: the second entry differed; the entry is cleared for a new first entry. */
  onMismatch?(): void;
  /** Every change, with the digits typed so far (shorter than the PIN length until complete). */
  onChange?(value: string): void;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Hide the digits as they are typed (a secret PIN rather than a one-time code). */
  masked?: boolean;
  /** A failure to show under the boxes; it marks them invalid and is announced. */
  error?: string | undefined;
  /** Centre the label, boxes and failure, for a card whose content is centred. */
  centered?: boolean;
}

/**
 * Six single-digit boxes (specification, section 2 "PIN entry"): digits only, typing moves on,
 * Backspace on an empty box goes back and clears the one before, arrows move, a paste fills from
 * the first box. Normal mode completes when the boxes are full and clears 1 s later; verify mode
 * stores the first entry, clears, and completes when the second matches it.
 */
export function PinEntry({
  label,
  confirmLabel = label,
  mode = 'normal',
  onComplete,
  onMismatch,
  onChange,
  disabled = false,
  autoFocus = false,
  masked = false,
  error,
  centered = false,
}: PinEntryProps) {
  const id = useId();
  const [digits, setDigits] = useState<PinDigits>(EMPTY_PIN);
  const [firstEntry, setFirstEntry] = useState<string>();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const group = useRef<HTMLDivElement>(null);
  const clearTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(clearTimer.current), []);

  // Disabling the boxes (while the caller sends the PIN) drops the focus; give it back.
  const wasDisabled = useRef(disabled);
  useEffect(() => {
    if (wasDisabled.current && !disabled && focusIsFree(group.current)) focusBox(firstEmpty());
    wasDisabled.current = disabled;
  });

  function focusBox(index: number) {
    const box = boxes.current[Math.max(0, Math.min(PIN_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  }

  function firstEmpty(current: PinDigits = digits): number {
    const index = current.indexOf('');
    return index === -1 ? PIN_LENGTH - 1 : index;
  }

  function show(next: PinDigits) {
    setDigits(next);
    onChange?.(next.join(''));
  }

  function clear() {
    show(EMPTY_PIN);
    if (focusIsFree(group.current)) focusBox(0);
  }

  /** Shows the digits and acts on a full entry; false when the entry was cleared at once. */
  function commit(next: PinDigits): boolean {
    clearTimeout(clearTimer.current);
    show(next);
    if (!isComplete(next)) return true;
    const pin = next.join('');
    if (mode === 'verify' && firstEntry === undefined) {
      setFirstEntry(pin);
      clear();
      return false;
    }
    if (mode === 'verify' && firstEntry !== pin) {
      setFirstEntry(undefined);
      clear();
      onMismatch?.();
      return false;
    }
    setFirstEntry(undefined);
    onComplete(pin);
    clearTimer.current = setTimeout(clear, PIN_CLEAR_AFTER_SUBMIT_MS);
    return true;
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    const { key } = event;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (/^\d$/.test(key)) {
      event.preventDefault();
      if (commit(withDigit(digits, index, key)) && index < PIN_LENGTH - 1) focusBox(index + 1);
    } else if (key === 'Backspace' || key === 'Delete') {
      event.preventDefault();
      if (digits[index] !== '' || key === 'Delete' || index === 0) {
        commit(withDigit(digits, index, ''));
      } else {
        commit(withDigit(digits, index - 1, ''));
        focusBox(index - 1);
      }
    } else if (key === 'ArrowLeft' || key === 'ArrowRight' || key === 'Home' || key === 'End') {
      event.preventDefault();
      const target = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: PIN_LENGTH - 1 };
      focusBox(target[key]);
    } else if (key.length === 1) {
      // Any other printable key: a PIN has digits only.
      event.preventDefault();
    }
  }

  /** Phones' keyboards often send no usable key code: the value is the only reliable source. */
  function onInput(index: number, value: string) {
    const incoming = onlyDigits(value);
    if (incoming.length > 2) {
      const next = fillFrom(digits, index, incoming);
      if (commit(next)) focusBox(firstEmpty(next));
      return;
    }
    const digit = typedDigit(digits[index] ?? '', value);
    const kept = commit(withDigit(digits, index, digit));
    if (kept && digit !== '' && index < PIN_LENGTH - 1) focusBox(index + 1);
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const next = fromPaste(event.clipboardData.getData('text'));
    if (commit(next)) focusBox(firstEmpty(next));
  }

  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const invalid = error !== undefined && error !== '';
  return (
    <div className={centered ? 'text-center' : undefined}>
      <div id={labelId} className="form-label">
        {mode === 'verify' && firstEntry !== undefined ? confirmLabel : label}
      </div>
      <div
        ref={group}
        role="group"
        aria-labelledby={labelId}
        className={`d-flex gap-2${centered ? ' justify-content-center' : ''}`}
      >
        {digits.map((digit, index) => (
          <input
            // The boxes are fixed positions, never reordered.
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            type={masked ? 'password' : 'text'}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={`Digit ${index + 1} of ${PIN_LENGTH}`}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? errorId : undefined}
            className={`form-control text-center px-0${invalid ? ' is-invalid' : ''}`}
            // Bootstrap's invalid icon sits at the right of a field: in a one-digit box it would
            // cover the digit, and the red border already says it.
            style={invalid ? INVALID_BOX_STYLE : BOX_STYLE}
            value={digit}
            disabled={disabled}
            autoFocus={autoFocus && index === 0}
            onKeyDown={(event) => onKeyDown(index, event)}
            onChange={(event) => onInput(index, event.target.value)}
            onPaste={onPaste}
            onFocus={(event) => event.target.select()}
          />
        ))}
      </div>
      {invalid && (
        <div id={errorId} className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/** Boxes share the row: they shrink on a narrow phone and stop growing at a comfortable size. */
const BOX_STYLE: CSSProperties = {
  flex: '1 1 0',
  minWidth: 0,
  maxWidth: '3rem',
  height: '3rem',
  fontSize: '1.25rem',
};

const INVALID_BOX_STYLE: CSSProperties = { ...BOX_STYLE, backgroundImage: 'none' };

/** True when moving the focus would not take it from another control. */
function focusIsFree(group: HTMLElement | null): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || (group?.contains(active) ?? false);
}
