import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { randomToken, sha256 } from './tokens.js';

describe('randomToken', () => {
  it('gives base64url text of the bytes asked for', () => {
    expect(randomToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken(16)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(randomToken(5000)).toHaveLength(Math.ceil((5000 * 4) / 3));
  });

  it('never gives the same token twice, across refills of its pool', () => {
    // 4096-byte pool: 1,000 tokens of 32 bytes refill it several times, at uneven offsets.
    const tokens = Array.from({ length: 1000 }, (_, i) => randomToken(i % 7 === 0 ? 48 : 32));
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('never gives a token of zero bytes (the pool forgets what it gave)', () => {
    const zeros = Buffer.alloc(32).toString('base64url');
    const tokens = Array.from({ length: 500 }, () => randomToken(32));
    expect(tokens).not.toContain(zeros);
  });
});

describe('sha256', () => {
  it('is the hex SHA-256 of the text', () => {
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const text = 'portico-token-é';
    expect(sha256(text)).toBe(createHash('sha256').update(text).digest('hex'));
  });
});
