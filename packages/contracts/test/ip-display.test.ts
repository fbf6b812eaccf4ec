import { describe, expect, it } from 'vitest';
import { ipForDisplay } from '../src/index.js';

describe('ipForDisplay (RFC 5952)', () => {
  it.each([
    // Lower case, leading zeros dropped, the zero run as ::.
    ['2001:0DB8:0000:0000:0000:0000:0000:0042', '2001:db8::42'],
    ['2001:db8:0:0:0:0:0:1', '2001:db8::1'],
    ['2001:DB8::1', '2001:db8::1'],
    // The longest run is the one shortened.
    ['2001:0:0:1:0:0:0:1', '2001:0:0:1::1'],
    // On a tie the first run is.
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    // One zero group alone is not a run.
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
    ['0:0:0:0:0:0:0:0', '::'],
    ['0:0:0:0:0:0:0:1', '::1'],
    ['fe80:0:0:0:0:0:0:0', 'fe80::'],
    ['2001:db8:85a3:0000:0000:8a2e:0370:7334', '2001:db8:85a3::8a2e:370:7334'],
  ])('%s reads as %s', (typed, shown) => {
    expect(ipForDisplay(typed)).toBe(shown);
  });

  it('writes an IPv4-mapped address with its IPv4 part dotted', () => {
    expect(ipForDisplay('0:0:0:0:0:FFFF:C000:0201')).toBe('::ffff:192.0.2.1');
    expect(ipForDisplay('::ffff:192.0.2.1')).toBe('::ffff:192.0.2.1');
    expect(ipForDisplay('::ffff:c000:201')).toBe('::ffff:192.0.2.1');
  });

  it('reads the other spellings of an address as the same address', () => {
    const spellings = ['2001:db8::1:0:0:1', '2001:0db8:0000:0000:0001:0000:0000:0001'];
    expect(new Set(spellings.map(ipForDisplay))).toEqual(new Set(['2001:db8::1:0:0:1']));
    expect(ipForDisplay('::192.0.2.1')).toBe('::c000:201');
  });

  it('shows IPv4 as dotted decimal without leading zeros', () => {
    expect(ipForDisplay('203.0.113.7')).toBe('203.0.113.7');
    expect(ipForDisplay('010.001.000.007')).toBe('10.1.0.7');
  });

  it('leaves what is not an address as it was', () => {
    for (const text of ['', 'unknown', '1:2:3', '1::2::3', '2001:db8::g', '300.1.1.1']) {
      expect(ipForDisplay(text)).toBe(text);
    }
  });
});
