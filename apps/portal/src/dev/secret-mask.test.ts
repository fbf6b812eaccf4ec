import { describe, expect, it } from 'vitest';
import { maskSecret } from '@portico/contracts';
import { shownSecret } from './secret-mask';

describe('shownSecret', () => {
  it('keeps the first and last three characters with a short fixed run of dots between', () => {
    const long = 'AbC' + 'x'.repeat(58) + 'nOp';
    expect(shownSecret(maskSecret(long))).toBe('AbC••••••nOp');
    expect(shownSecret(long)).toBe('AbC••••••nOp');
    expect(shownSecret('abcxyz')).toBe('abc••••••xyz');
  });

  it('is as long for every secret, so the mask fits a phone and tells no length', () => {
    const lengths = [6, 16, 43, 64].map((n) => shownSecret(maskSecret('s'.repeat(n))).length);
    expect(new Set(lengths)).toEqual(new Set([12]));
  });

  it('shows dots only for a secret shorter than six characters', () => {
    expect(shownSecret('abc')).toBe('••••••');
    expect(shownSecret('')).toBe('••••••');
  });
});
