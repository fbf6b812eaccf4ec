import { Prisma } from './generated/prisma/client.js';

/**
 * Prisma's known request errors by code, e.g. `P2002` (unique constraint), `P2003` (foreign
 * key), `P2025` (record to update or delete not found).
 */
export function isPrismaError(error: unknown, code: string): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === code;
}

/** A unique constraint refused the write (P2002): "already taken" answers. */
export function isUniqueViolation(error: unknown): boolean {
  return isPrismaError(error, 'P2002');
}

/** A foreign key refused the write (P2003): the referenced row does not exist. */
export function isForeignKeyViolation(error: unknown): boolean {
  return isPrismaError(error, 'P2003');
}

/** The row to update or delete was not found (P2025). */
export function isNotFound(error: unknown): boolean {
  return isPrismaError(error, 'P2025');
}
