import type { Prisma } from '@portico/db';

/**
 * The provider's records of the grants `grantIds`: those that carry one of them (codes, access
 * and refresh tokens) and the Grant records themselves, whose own id it is. On its own, away
 * from adapter.ts: grants.ts is imported at start by every flow that ends sessions, and
 * adapter.ts loads oidc-provider, which waits for the first OIDC request (docs/benchmarks.md,
 * "Cold start").
 */
export function grantRecords(grantIds: string[]): Prisma.OidcRecordWhereInput {
  return { OR: [{ grantId: { in: grantIds } }, { model: 'Grant', id: { in: grantIds } }] };
}
