import { TOTP_PERIOD_SECONDS } from '@portico/contracts';

/**
 * otplib (with its hashing and base32 modules) loads with the first authenticator-app call, not
 * at start (docs/benchmarks.md, "Cold start").
 */
const loadOtplib = () => import('otplib');

/** Shown in the authenticator app beside the account name. */
const ISSUER = 'Portico';

/**
 * One step either side of the current one (RFC 6238, section 5.2: a code typed as the step
 * turned, or on a phone whose clock is a little off). otplib checks every step that overlaps
 * [now - tolerance, now + tolerance].
 */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

/** A new secret: 20 random bytes, base32 (what authenticator apps expect). */
export async function newTotpSecret(): Promise<string> {
  const { generateSecret } = await loadOtplib();
  return generateSecret();
}

/** The otpauth:// URI an app reads from the QR code. */
export async function totpUri(secret: string, account: string): Promise<string> {
  const { generateURI } = await loadOtplib();
  return generateURI({ issuer: ISSUER, label: account, secret });
}

/**
 * The time step of `code` if it is right for `secret` at `now` (seconds) within the tolerance,
 * else null. Which step matched is what makes a replay detectable (last_step).
 */
export async function matchingStep(
  secret: string,
  code: string,
  now = Math.floor(Date.now() / 1000),
): Promise<number | null> {
  const { verify } = await loadOtplib();
  const result = await verify({
    secret,
    token: code,
    epoch: now,
    epochTolerance: TOLERANCE_SECONDS,
  });
  if (!result.valid) return null;
  return 'timeStep' in result && typeof result.timeStep === 'number'
    ? result.timeStep
    : Math.floor((now + (result.delta ?? 0) * TOTP_PERIOD_SECONDS) / TOTP_PERIOD_SECONDS);
}
