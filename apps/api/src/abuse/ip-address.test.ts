import { describe, expect, it } from 'vitest';
import { canonicalIp, limitGroupOf } from './ip-address.js';

describe('canonicalIp', () => {
  it('keeps dotted IPv4 and unwraps IPv4-mapped IPv6', () => {
    expect(canonicalIp('10.0.0.1')).toBe('10.0.0.1');
    expect(canonicalIp(' 010.000.0.1 ')).toBe('10.0.0.1');
    expect(canonicalIp('::ffff:192.168.1.20')).toBe('192.168.1.20');
    expect(canonicalIp('::FFFF:192.168.1.20')).toBe('192.168.1.20');
  });

  it('spells IPv6 as eight lowercase groups without leading zeros', () => {
    expect(canonicalIp('2001:db8::1')).toBe('2001:db8:0:0:0:0:0:1');
    expect(canonicalIp('2001:0DB8:0000:0000:0000:0000:0000:0001')).toBe('2001:db8:0:0:0:0:0:1');
    expect(canonicalIp('::1')).toBe('0:0:0:0:0:0:0:1');
    expect(canonicalIp('fe80::')).toBe('fe80:0:0:0:0:0:0:0');
    expect(canonicalIp('64:ff9b::10.0.0.1')).toBe('64:ff9b:0:0:0:0:a00:1');
  });

  it('drops the port and the brackets a proxy may write around the address', () => {
    expect(canonicalIp('203.0.113.9:51234')).toBe('203.0.113.9');
    expect(canonicalIp('[2001:DB8::7]:51234')).toBe('2001:db8:0:0:0:0:0:7');
    expect(canonicalIp('[2001:db8::7]')).toBe('2001:db8:0:0:0:0:0:7');
    expect(canonicalIp('[::ffff:10.0.0.1]:80')).toBe('10.0.0.1');
    expect(canonicalIp('[fe80::1%eth0]:443')).toBe('fe80:0:0:0:0:0:0:1');
  });

  it('leaves anything else as it is, trimmed and lowercased', () => {
    expect(canonicalIp(' Not-An-Ip ')).toBe('not-an-ip');
  });
});

describe('canonicalIp, asked again', () => {
  it('spells an address the same every time, also after many others', () => {
    expect(canonicalIp('::ffff:10.1.2.3')).toBe('10.1.2.3');
    // More addresses than it keeps spellings of: the kept ones are let go, not wrong.
    for (let i = 0; i < 12_000; i += 1) {
      expect(canonicalIp(`::FFFF:10.0.${i >> 8}.${i & 255}`)).toBe(`10.0.${i >> 8}.${i & 255}`);
    }
    expect(canonicalIp('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(canonicalIp(' 2001:DB8::1 ')).toBe('2001:db8:0:0:0:0:0:1');
    expect(canonicalIp(' 2001:DB8::1 ')).toBe('2001:db8:0:0:0:0:0:1');
  });
});

describe('limitGroupOf', () => {
  it('groups an IPv6 address with its /64, and leaves IPv4 alone', () => {
    expect(limitGroupOf('2001:DB8:1:2::99')).toBe('2001:db8:1:2::/64');
    expect(limitGroupOf('2001:db8:1:2:ffff:0:0:1')).toBe('2001:db8:1:2::/64');
    expect(limitGroupOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(limitGroupOf('::ffff:10.0.0.7')).toBe('10.0.0.7');
    expect(limitGroupOf('10.0.0.7')).toBe('10.0.0.7');
  });
});
