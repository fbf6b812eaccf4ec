import { SECRET_MASK_KEEP, SECRET_MASK_MIN_LENGTH } from '@portico/contracts';

/** The run of dots between the kept ends: always this long, whatever the secret's length. */
export const MASK_DOTS = '••••••';

/**
 * The client secret as the console shows it (sections 3 and 9: the first and last three
 * characters when it has at least six). The server sends its mask (`abc****…****xyz`, as long
 * as the secret); shown as it is, that row of asterisks ran off a phone's screen. The ends are
 * kept and the middle is a short fixed run of dots, which also tells nothing of the length.
 * Shorter than six: dots only.
 */
export function shownSecret(secretOrMask: string): string {
  if (secretOrMask.length < SECRET_MASK_MIN_LENGTH) return MASK_DOTS;
  return (
    secretOrMask.slice(0, SECRET_MASK_KEEP) + MASK_DOTS + secretOrMask.slice(-SECRET_MASK_KEEP)
  );
}
