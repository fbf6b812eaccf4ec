import { randomUUID } from 'node:crypto';

/**
 * A UUID version 7 (RFC 9562: 48-bit Unix milliseconds, then 74 random bits), the kind of id
 * Prisma's `@default(uuid(7))` gives sessions, for rows inserted with plain SQL on the hot path.
 * The random part is a version 4 UUID's (randomUUID draws from a cached pool of random bytes,
 * where randomBytes costs a call into the generator each time): its time fields are replaced.
 */
export function uuidv7(now = Date.now()): string {
  const random = randomUUID();
  const ms = now.toString(16).padStart(12, '0');
  return `${ms.slice(0, 8)}-${ms.slice(8, 12)}-7${random.slice(15)}`;
}
