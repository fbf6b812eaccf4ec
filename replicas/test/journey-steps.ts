import { expect } from 'vitest';
import type { Browser } from '../stack/browser.js';
import { REPLICA_NAMES } from '../stack/stack.js';
import type { Stack } from '../stack/stack.js';

/**
 * Each step answered by another replica than the step before, and every replica used: with
 * round robin and no stickiness, what a step left behind was read by another process.
 */
export function expectSpread(trail: { step: string; replica: string }[]): void {
  for (let i = 1; i < trail.length; i += 1) {
    const [before, now] = [trail[i - 1]!, trail[i]!];
    expect(now.replica, `"${now.step}" on another replica than "${before.step}"`).not.toBe(
      before.replica,
    );
  }
  expect(new Set(trail.map((t) => t.replica))).toEqual(new Set(REPLICA_NAMES));
}

/**
 * A sign-in from a new device: device_add and an e-mailed code (sent by whichever replica's
 * mail worker claims the job), redeemed on the next replica; the browser then holds a session.
 */
export async function signInWithDeviceCode(
  browser: Browser,
  stack: Stack,
  body: Record<string, string>,
  email: string,
): Promise<void> {
  const first = await browser.post('sign in (new device)', '/v1/auth', body);
  expect(first.Code).toBe('device_add');
  const mail = await stack.mail.nextMailTo(email);
  const otp = /\b(\d{6})\b/.exec(mail.text)?.[1];
  expect(otp, `a six-digit code in "${mail.subject}"`).toBeDefined();
  const verified = await browser.post('device code', '/v1/device/verify', {
    refid: String(first.Msg.otpref),
    otp: otp!,
  });
  expect(verified.Code).toBe('200');
  expect(browser.cookie).not.toBe('');
}
