import { describe, expect, it } from 'vitest';
import { deviceTypeAllowed } from './device-gates.js';
import { parseUserAgent } from './user-agent.js';

/**
 * User-Agent strings built to stall or confuse the reader: huge, repeated tokens that feed
 * `Version/[\d.]+.*Safari/`, nothing but digits. Each gets its answer (the reader looks at the
 * first 512 characters only), and a forged browser token never makes a native iOS/Android device.
 */
describe('parseUserAgent against hostile input', () => {
  it.each([
    ['x'.repeat(5_000_000)],
    ['Mozilla/5.0 ' + 'Version/1'.repeat(5_000)],
    ['Mozilla/5.0 AppleWebKit/ Version/' + '1'.repeat(100_000)],
    ['Mozilla/5.0 AppleWebKit/ Version/' + '1.'.repeat(100_000) + ' Safari/'],
    ['Mozilla/5.0 ' + 'Edg'.repeat(100_000)],
    ['\u0000\uffff\ud800'.repeat(10_000)],
  ])('answers for a hostile string (%#)', (ua) => {
    const info = parseUserAgent(ua);
    expect(info.name).toEqual(expect.any(String));
    expect(['desktop', 'mobile', 'tablet']).toContain(info.type);
  });

  it('reads nothing past the first 512 characters', () => {
    const padded = `curl/8 ${'x'.repeat(600)} Mozilla/5.0 (iPhone) AppleWebKit/605 Safari/604`;
    expect(parseUserAgent(padded)).toMatchObject({ os: '', isBrowser: false, name: 'Unknown' });
    expect(deviceTypeAllowed('ios', parseUserAgent(padded))).toBe(false);
    expect(deviceTypeAllowed('web', parseUserAgent(padded))).toBe(false);
  });
});
