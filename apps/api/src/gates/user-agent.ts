/**
 * A deliberately small User-Agent reader: enough to name a device in the profile's list
 * ("Chrome on Windows", type desktop/mobile/tablet) and to tell the device-type gate whether the
 * caller is a browser, an iOS or an Android device. It is a hint, not a proof: the fingerprint
 * and the e-mailed code are what bind a device.
 */
export type DeviceType = 'desktop' | 'mobile' | 'tablet';

export interface DeviceInfo {
  /** What the devices list shows, e.g. "Firefox on Linux". */
  name: string;
  type: DeviceType;
  /** iOS, Android, Windows, macOS, ChromeOS, Linux, or "" when unknown. */
  os: string;
  /** Edge, Opera, Samsung Internet, Firefox, Chrome, Safari, or "" when not a known browser. */
  browser: string;
  /** A web browser (a Mozilla/5.0 token and a known engine): what web and desktop clients accept. */
  isBrowser: boolean;
}

/** First match wins: iOS before macOS (iPhones say "like Mac OS X"), Android before Linux. */
const OPERATING_SYSTEMS: readonly [RegExp, string][] = [
  [/iPhone|iPad|iPod|\biOS\b|CFNetwork/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Macintosh|Mac OS X/, 'macOS'],
  [/Linux|X11/, 'Linux'],
];

/** First match wins: Edge, Opera and Samsung Internet also carry "Chrome" and "Safari". */
const BROWSERS: readonly [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];

function firstMatch(ua: string, rules: readonly [RegExp, string][]): string {
  return rules.find(([pattern]) => pattern.test(ua))?.[1] ?? '';
}

function deviceTypeOf(ua: string, os: string): DeviceType {
  if (/iPad|Tablet/.test(ua) || (os === 'Android' && !/Mobile/.test(ua))) return 'tablet';
  if (/Mobi|iPhone|iPod/.test(ua) || os === 'Android' || os === 'iOS') return 'mobile';
  return 'desktop';
}

export function parseUserAgent(userAgent: string | undefined): DeviceInfo {
  const ua = (userAgent ?? '').slice(0, 512);
  const os = firstMatch(ua, OPERATING_SYSTEMS);
  const isBrowser = /^Mozilla\/5\.0 /.test(ua) && /(AppleWebKit|Gecko)\//.test(ua);
  const browser = isBrowser ? firstMatch(ua, BROWSERS) : '';
  const name =
    browser && os ? `${browser} on ${os}` : browser || os || (isBrowser ? 'Browser' : 'Unknown');
  return { name, type: deviceTypeOf(ua, os), os, browser, isBrowser };
}
