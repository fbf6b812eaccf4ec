/**
 * Line breaks (CR, LF, NEL, U+2028, U+2029), other control characters, and the invisible
 * direction marks and overrides that reorder the text a reader sees: none belongs in a name.
 */
const BREAKS_AND_CONTROLS = /[\p{Cc}\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/gu;

/**
 * A name someone chose (a company, an application, a role, a person), as a mail quotes it: on
 * one line. Mails go out from the portal's own address, often to someone who never chose to
 * hear from the one who named the company; a name with line breaks would let them write
 * whole lines of their own (a paragraph, a "link" on its own line) that read as the portal's.
 * Subjects too: nodemailer folds CR and LF there, not the Unicode line separators.
 */
export function oneLine(text: string): string {
  return text.replace(BREAKS_AND_CONTROLS, ' ').replace(/ {2,}/g, ' ').trim();
}
