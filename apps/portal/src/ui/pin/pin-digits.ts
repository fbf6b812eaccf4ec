import { PIN_LENGTH } from '@portico/contracts';

/** One string per box: a digit, or '' for an empty box. */
export type PinDigits = readonly string[];

export const EMPTY_PIN: PinDigits = Array.from({ length: PIN_LENGTH }, () => '');

export function onlyDigits(text: string): string {
  return text.replace(/\D/g, '');
}

export function isComplete(digits: PinDigits): boolean {
  return digits.every((digit) => digit !== '');
}

export function withDigit(digits: PinDigits, index: number, digit: string): PinDigits {
  return digits.map((current, i) => (i === index ? digit : current));
}

/** Pasted text fills the entry from the first box: its digits, up to the PIN length. */
export function fromPaste(text: string): PinDigits {
  const pasted = onlyDigits(text).slice(0, PIN_LENGTH);
  return EMPTY_PIN.map((_, i) => pasted[i] ?? '');
}

/**
 * Several digits arriving in one box at once (a phone's one-time-code suggestion, autofill)
 * fill the boxes from that one on.
 */
export function fillFrom(digits: PinDigits, index: number, text: string): PinDigits {
  const incoming = onlyDigits(text);
  return digits.map((current, i) =>
    i >= index && i - index < incoming.length ? incoming[i - index]! : current,
  );
}

/**
 * The digit typed into a box that already held one: the browser may hand over both (old and
 * new, in caret order); the new one is whichever is not the old.
 */
export function typedDigit(previous: string, value: string): string {
  const digits = onlyDigits(value);
  if (digits.length <= 1 || previous === '') return digits.slice(-1);
  return digits.replace(previous, '').slice(-1);
}
