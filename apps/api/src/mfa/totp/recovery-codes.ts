import { randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@portico/contracts';
import type { Prisma } from '@portico/db';
import { sha256 } from '../../credentials/tokens.js';

type Tx = Prisma.TransactionClient;

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** `abcde-12345`: 50 random bits, easy to read aloud and to type. */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => BASE32[byte & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * Replaces the user's recovery codes with RECOVERY_CODE_COUNT new ones, stored as SHA-256 (they
 * are random, so a fast hash is enough), and answers them in clear, once.
 */
export async function replaceRecoveryCodes(tx: Tx, userId: string): Promise<string[]> {
  await tx.recoveryCode.deleteMany({ where: { userId } });
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  await tx.recoveryCode.createMany({
    data: [...codes].map((code) => ({ userId, codeHash: sha256(code) })),
  });
  return [...codes];
}

/**
 * Uses one recovery code: marks it used in one conditional UPDATE, so of any number of
 * parallel uses of a code exactly one succeeds. True when it was unused and is now spent.
 */
export async function spendRecoveryCode(
  db: Pick<Tx, 'recoveryCode'>,
  userId: string,
  code: string,
): Promise<boolean> {
  const spent = await db.recoveryCode.updateMany({
    where: { userId, codeHash: sha256(code), usedAt: null },
    data: { usedAt: new Date() },
  });
  return spent.count === 1;
}

export function recoveryCodesLeft(db: Pick<Tx, 'recoveryCode'>, userId: string) {
  return db.recoveryCode.count({ where: { userId, usedAt: null } });
}
