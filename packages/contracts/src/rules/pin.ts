import { PIN_LENGTH } from '../constants.js';

/**
 * MPINs that are among the first an attacker tries. The format (six digits) is `mpinRule`; this
 * is the extra refusal when a PIN is set (the server enforces it; the portal may check early).
 */
const COMMON_PINS = new Set([
  '112233',
  '111222',
  '123321',
  '147258',
  '159753',
  '147852',
  '789456',
  '102030',
  '000123',
]);

/** True for a PIN made of a repeated pattern of one to three digits (000000, 121212, 123123). */
function isRepeatedPattern(pin: string): boolean {
  return [1, 2, 3].some((period) => {
    for (let i = period; i < pin.length; i++) if (pin[i] !== pin[i - period]) return false;
    return true;
  });
}

/** True for a run that steps by one, up or down, wrapping 9 to 0 (123456, 654321, 890123). */
function isSequence(pin: string): boolean {
  return [1, 9].some((step) => {
    for (let i = 1; i < pin.length; i++) {
      if (Number(pin[i]) !== (Number(pin[i - 1]) + step) % 10) return false;
    }
    return true;
  });
}

export function isTrivialPin(pin: string): boolean {
  return (
    pin.length !== PIN_LENGTH || isRepeatedPattern(pin) || isSequence(pin) || COMMON_PINS.has(pin)
  );
}

export const TRIVIAL_PIN_MESSAGE = 'This MPIN is too easy to guess. Please choose another.';
