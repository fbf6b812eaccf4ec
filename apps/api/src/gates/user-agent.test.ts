import { describe, expect, it } from 'vitest';
import { deviceTypeAllowed } from './device-gates.js';
import { parseUserAgent } from './user-agent.js';

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.56',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1',
  androidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Safari/537.36',
  iosApp: 'BankApp/3.2 CFNetwork/1494.0.7 Darwin/23.4.0',
  curl: 'curl/8.5.0',
};

describe('parseUserAgent', () => {
  it.each([
    [UA.chromeWindows, 'Chrome on Windows', 'desktop', true],
    [UA.edgeWindows, 'Edge on Windows', 'desktop', true],
    [UA.firefoxLinux, 'Firefox on Linux', 'desktop', true],
    [UA.safariMac, 'Safari on macOS', 'desktop', true],
    [UA.iphone, 'Safari on iOS', 'mobile', true],
    [UA.ipad, 'Chrome on iOS', 'tablet', true],
    [UA.androidPhone, 'Chrome on Android', 'mobile', true],
    [UA.androidTablet, 'Samsung Internet on Android', 'tablet', true],
    [UA.iosApp, 'iOS', 'mobile', false],
    [UA.curl, 'Unknown', 'desktop', false],
    [undefined, 'Unknown', 'desktop', false],
  ])('%s -> %s (%s)', (ua, name, type, isBrowser) => {
    expect(parseUserAgent(ua)).toMatchObject({ name, type, isBrowser });
  });
});

describe('deviceTypeAllowed', () => {
  it('matches the platform', () => {
    const of = (ua: string) => parseUserAgent(ua);
    expect(deviceTypeAllowed('ios', of(UA.iphone))).toBe(true);
    expect(deviceTypeAllowed('ios', of(UA.iosApp))).toBe(true);
    expect(deviceTypeAllowed('ios', of(UA.androidPhone))).toBe(false);
    expect(deviceTypeAllowed('android', of(UA.androidTablet))).toBe(true);
    expect(deviceTypeAllowed('android', of(UA.chromeWindows))).toBe(false);
    expect(deviceTypeAllowed('web', of(UA.iphone))).toBe(true);
    expect(deviceTypeAllowed('desktop', of(UA.firefoxLinux))).toBe(true);
    expect(deviceTypeAllowed('web', of(UA.curl))).toBe(false);
  });
});
