import { generate } from 'otplib';
import { TOTP_PERIOD_SECONDS as STEP } from '@portico/contracts';

/**
 * Seconds left in a step below which a code is not typed yet. The server accepts the step before
 * its own, not two before: a previous step's code typed as the step turns reaches it out of its
 * window, and a code for a step already spent is refused. Typing, the click and the request take
 * well under this on the slowest CI machine seen.
 */
const MARGIN_SECONDS = 8;

/**
 * The time step an authenticator-app code should be made for now, as a careful person would wait
 * for a fresh one: the current step, or `after + 1` when the server has already accepted the step
 * `after` (a replay of it is refused). Near a step's end it first waits for the next step.
 */
export async function appStep(after?: number): Promise<number> {
  let now = Date.now() / 1000;
  const left = STEP - (now % STEP);
  if (left < MARGIN_SECONDS) {
    await new Promise((resolve) => setTimeout(resolve, (left + 0.5) * 1000));
    now = Date.now() / 1000;
  }
  const current = Math.floor(now / STEP);
  return after === undefined ? current : Math.max(current, after + 1);
}

/** The code the app shows for `secret` in time step `step`. */
export function appCode(secret: string, step: number): Promise<string> {
  return generate({ secret, epoch: step * STEP });
}
