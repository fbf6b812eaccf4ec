import { hashSecret, verifySecret } from './argon2.js';
import { randomToken } from './tokens.js';

/** A hash of a random string, made once, verified when the user does not exist, so an unknown
 * username costs the same argon2id time as a wrong password (account enumeration). */
let dummyHash: Promise<string> | undefined;

export async function spendPasswordTime(password: string): Promise<void> {
  dummyHash ??= hashSecret(randomToken(16));
  await verifySecret(await dummyHash, password);
}
