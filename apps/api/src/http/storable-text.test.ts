import { describe, expect, it } from 'vitest';
import { CODES, UNSTORABLE_TEXT } from '@portico/contracts';
import { unstorableField } from './storable-text.js';

const NUL = 'x\u0000y';
const LONE = 'x\ud800y';

describe('unstorableField', () => {
  it('finds NUL and lone surrogates in strings and keys, at any depth, and nothing else', () => {
    expect(unstorableField({ a: 'fine', b: ['ok', '😀', { c: 'ünïcödé' }] })).toBeUndefined();
    expect(unstorableField({ a: 'fine', b: ['ok', { c: NUL }] })).toBe('b.1.c');
    expect(unstorableField({ list: [LONE] })).toBe('list.0');
    expect(unstorableField({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(unstorableField('\udc00')).toBe('');
    expect(unstorableField('😀\ud83d')).toBe('');
    let deep: unknown = NUL;
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(unstorableField(deep)).toMatch(/^0(\.0)*$/);
    expect(UNSTORABLE_TEXT).not.toBe('');
    expect(Object.keys(CODES)).toContain('incomplete_param');
  });
});
