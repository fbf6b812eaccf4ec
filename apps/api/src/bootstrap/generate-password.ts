import { randomInt } from 'node:crypto';

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const ALL = LOWER + UPPER + DIGITS;

/**
 * A 20-character password that meets the password rule (an uppercase letter, a lowercase letter
 * and a digit, no spaces), drawn from a cryptographic source, without look-alike characters.
 */
export function generatePassword(length = 20): string {
  const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)] ?? '';
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS)];
  while (chars.length < length) chars.push(pick(ALL));
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
}
