import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  HIDDEN_CHARACTER_MESSAGE,
  REQUIRED,
  appNameRule,
  branchNameRule,
  companyNameRule,
  calls,
  clientDescRule,
  displayNameRule,
  fieldError,
  fieldErrors,
  personNameRule,
  roleDescRule,
  roleNameRule,
} from '../src/index.js';

/**
 * Names other people are shown (a role's name and description in the users screen, a client's
 * name, a branch's name, a person's display, first and last names in every administrator's
 * list and the audit trail) refuse control and invisible formatting characters, as application
 * and company names do: "Ana\u202eleahciM" reads as another person. The zero-width joiner and
 * non-joiner pass (Persian and Indic names, emoji); descriptions keep their line breaks.
 */
const HIDDEN = [
  ['a right-to-left override', 'Ana\u202eleahciM'],
  ['a bell', 'Teller\u0007'],
  ['a line break', 'first\nsecond'],
  ['NEL', 'Branch\u0085North'],
  ['a zero-width space', 'Ad\u200bmin'],
  ['a left-to-right isolate', 'Bob\u2066'],
  ['a BOM', 'Ev\ufeffe'],
] as const;

const ONE_LINE_NAMES: [string, z.ZodType][] = [
  ['role name', roleNameRule],
  ['client name', clientDescRule],
  ['branch name', branchNameRule],
  ['display name', displayNameRule],
  ['first or last name', personNameRule],
];

describe('names shown to other people', () => {
  describe.each(ONE_LINE_NAMES)('%s', (_, rule) => {
    it.each(HIDDEN)('refuses %s', (_what, value) => {
      expect(fieldError(rule, value)).toBe(HIDDEN_CHARACTER_MESSAGE);
    });

    it('takes the joiners Persian, Indic and emoji names need, trimmed', () => {
      expect(rule.parse(' \u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645 ')).toBe(
        '\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645',
      );
      expect(rule.parse('\u0915\u094d\u200d\u0937')).toBe('\u0915\u094d\u200d\u0937');
      expect(rule.parse('Team \u{1f469}\u200d\u{1f4bb}')).toBe('Team \u{1f469}\u200d\u{1f4bb}');
    });
  });

  it('keeps the specification messages of an empty name', () => {
    expect(fieldError(displayNameRule, ' ')).toBe('Display name is required.');
    expect(fieldError(roleNameRule, '')).toBe('Required');
    expect(fieldError(branchNameRule, ' ')).toBe('Required');
    expect(personNameRule.parse('')).toBe('');
  });

  it("refuses them in a role's description, which keeps its line breaks and tabs", () => {
    expect(roleDescRule.parse('Tellers\n\tand their leads')).toBe('Tellers\n\tand their leads');
    expect(fieldError(roleDescRule, 'Tellers\u202e')).toBe(HIDDEN_CHARACTER_MESSAGE);
    expect(fieldError(roleDescRule, 'Tellers\u0007')).toBe(HIDDEN_CHARACTER_MESSAGE);
  });

  it('refuses them in the bodies the API parses', () => {
    expect(
      fieldErrors(calls.profile.update.body, { dis: 'Ana\u202e', fname: 'Ana', lname: 'Cruz' }),
    ).toEqual({ dis: HIDDEN_CHARACTER_MESSAGE });
    expect(
      fieldErrors(calls.users.updatePreference.body, {
        fname: 'Ana',
        lname: 'Cr\u200buz',
        userid: 'u1',
      }),
    ).toEqual({ lname: HIDDEN_CHARACTER_MESSAGE });
    expect(
      fieldErrors(calls.roles.add.body, {
        id: 'teller',
        name: 'Teller\u202e',
        desc: 'x\u2066',
        app: 'loans',
      }),
    ).toEqual({ name: HIDDEN_CHARACTER_MESSAGE, desc: HIDDEN_CHARACTER_MESSAGE });
  });

  /** Names that pass a length check and show nothing: blank in every list they are shown in. */
  const SHOWING_NOTHING = [
    ['zero-width joiners', '\u200d\u200d'],
    ['a zero-width non-joiner', '\u200c'],
    ['a Hangul filler', '\u3164'],
    ['a Hangul choseong filler', '\u115f'],
    ['a variation selector and a space', '\ufe0f \u200d'],
  ] as const;

  it.each(SHOWING_NOTHING)('answers "Required" for a required name of %s only', (_name, text) => {
    for (const rule of [
      appNameRule,
      companyNameRule,
      roleNameRule,
      clientDescRule,
      branchNameRule,
    ]) {
      expect(fieldError(rule, text)).toBe(REQUIRED);
    }
    expect(fieldError(displayNameRule, text)).toBe(fieldError(displayNameRule, ''));
  });

  it('keeps a joiner between letters that show', () => {
    expect(companyNameRule.parse('\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645')).toBe(
      '\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645',
    );
    expect(displayNameRule.parse('Ana \u{1f469}\u200d\u{1f4bb}')).toBe(
      'Ana \u{1f469}\u200d\u{1f4bb}',
    );
  });
});
