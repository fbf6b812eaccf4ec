import { z } from 'zod';

/**
 * Building blocks shared by the rules. A rule is one zod schema: the portal checks a single field
 * with `fieldError` (on blur), the API composes the same object into call bodies.
 */

/** The message a form shows for one field: the first issue, or undefined when the value passes. */
export function fieldError(rule: z.ZodType, value: unknown): string | undefined {
  const result = rule.safeParse(value);
  return result.success ? undefined : (result.error.issues[0]?.message ?? 'Invalid value.');
}

/** Every message of a failed parse, keyed by the dotted field path ('' for the value itself). */
export function fieldErrors(rule: z.ZodType, value: unknown): Record<string, string> {
  const result = rule.safeParse(value);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    // Only the first message per field: that is what a form shows.
    errors[key] ??= issue.message;
  }
  return errors;
}

export const REQUIRED = 'Required';

export function tooLong(max: number): string {
  return `Must not exceed ${max} characters.`;
}

/**
 * A required text field whose only messages are the specification's "Required" (branch add,
 * whitelist, add app/company) and a length bound. Surrounding spaces are trimmed first.
 */
export function requiredText(max: number, message: string = REQUIRED) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: tooLong(max) });
}

/** Optional free text: bounded, trimmed, may be empty. */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: tooLong(max) });
}

/**
 * Characters that make shown text read as something it is not: control characters (a bell, a
 * line break in a one-line name, NEL) and the invisible format characters that reorder or hide
 * text (direction marks, embeddings, overrides and isolates, the zero-width space, the word
 * joiner, the BOM). Names of applications and companies are shown to every user of the portal,
 * and those of roles, clients, branches and people to administrators and in the audit trail, so
 * they refuse them. The zero-width non-joiner and joiner (U+200C, U+200D) pass: Persian and
 * Indic names, and emoji sequences, need them.
 */
const HIDDEN_CHARACTERS = /[\p{Cc}\u200b\u200e\u200f\u2028-\u202e\u2060-\u206f\ufeff]/u;
/** The same, but line breaks and tabs pass: a multi-line description (a textarea) has them. */
const HIDDEN_CHARACTERS_BUT_LINES =
  /(?![\t\n\r])[\p{Cc}\u200b\u200e\u200f\u2028-\u202e\u2060-\u206f\ufeff]/u;

export const HIDDEN_CHARACTER_MESSAGE =
  'Must not contain control or invisible formatting characters.';

/** Whether shown text has none of HIDDEN_CHARACTERS (`multiline`: line breaks and tabs allowed). */
export function isPlainDisplayText(text: string, multiline = false): boolean {
  return !(multiline ? HIDDEN_CHARACTERS_BUT_LINES : HIDDEN_CHARACTERS).test(text);
}

/**
 * Characters that pass the rules above and still show nothing on their own: the zero-width
 * non-joiner and joiner (kept for the names that need them between letters), the Hangul fillers,
 * variation selectors and the combining grapheme joiner, and any white space.
 */
// An alternation, not one class: a class holding the joiner or a Hangul filler reads as a
// joined sequence (no-misleading-character-class).
const SHOWS_NOTHING = /\s|\u034f|\u115f|\u1160|\u200c|\u200d|\u3164|[\ufe00-\ufe0f]|\uffa0/gu;

/**
 * Whether shown text has at least one character that shows: a required name made only of
 * joiners or fillers passes a length check and is shown blank, which "Required" forbids.
 */
export function hasVisibleText(text: string): boolean {
  return text.replace(SHOWS_NOTHING, '').length > 0;
}

/**
 * requiredText that also refuses HIDDEN_CHARACTERS, and a name that shows nothing ("Required"):
 * a name shown on one line.
 */
export function requiredName(max: number) {
  return requiredText(max)
    .refine((value) => hasVisibleText(value), { error: REQUIRED })
    .refine((value) => isPlainDisplayText(value), { error: HIDDEN_CHARACTER_MESSAGE });
}

/** optionalText that refuses HIDDEN_CHARACTERS except line breaks and tabs. */
export function optionalDescription(max: number) {
  return optionalText(max).refine((value) => isPlainDisplayText(value, true), {
    error: HIDDEN_CHARACTER_MESSAGE,
  });
}

export const IDENTIFIER_MAX = 64;
export const IDENTIFIER_FORMAT = 'Use letters, numbers, dots, hyphens and underscores only.';

/**
 * Ids chosen by people (application, company, branch, role and client ids). They travel in
 * query strings and role ids (`<app>.<role>`), so the character set is kept URL-safe.
 */
export const identifierRule = requiredText(IDENTIFIER_MAX).regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, {
  error: IDENTIFIER_FORMAT,
});

/** Ids the server issued (users, devices, files, sign-in references): opaque, bounded. */
export const opaqueId = z.string().min(1).max(128);
