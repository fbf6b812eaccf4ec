import { describe, expect, it } from 'vitest';
import { decodeBase64, encodeBase64 } from '../src/wire.js';

describe('decodeBase64', () => {
  it('decodes UTF-8 text, multibyte included', () => {
    expect(decodeBase64(encodeBase64('Bench-Password-1'))).toBe('Bench-Password-1');
    expect(decodeBase64(encodeBase64('Zoë Straße 東京 🔑'))).toBe('Zoë Straße 東京 🔑');
    expect(decodeBase64('')).toBe('');
  });

  it('refuses bytes that are not UTF-8, and decodes the next value whole', () => {
    // One decoder serves every value: a refusal, or a value cut inside a character, leaves
    // nothing behind for the next.
    expect(decodeBase64('gA==')).toBeUndefined();
    expect(decodeBase64(btoa('\xe6\x9d'))).toBeUndefined();
    expect(decodeBase64(encodeBase64('東京'))).toBe('東京');
  });

  it('refuses what is not strict, padded base64', () => {
    for (const bad of ['not base64!', 'abc', 'YWJj\n', 'YQ'])
      expect(decodeBase64(bad)).toBeUndefined();
  });
});
