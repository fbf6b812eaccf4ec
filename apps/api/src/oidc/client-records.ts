import type { Prisma } from '@portico/db';

type Tx = Prisma.TransactionClient;

/**
 * Deletes the OpenID Provider's records of the clients `clientIds`, in the caller's transaction
 * that removes them (clients.remove, apps.remove): every record whose payload names one of them
 * as its client (grants, codes, access and refresh tokens, client_credentials tokens, pushed
 * requests). The cascade of the clients row takes only their oidc_grants, which ends the tokens
 * of people's grants; a client_credentials token has no grant, so it read as live again once a
 * client was registered under the same id (the demo data's ids are fixed). An administrator's
 * rare removal reads the table once; the provider's own reads stay on their indexes.
 */
export async function deleteOidcRecordsOfClients(tx: Tx, clientIds: string[]): Promise<void> {
  if (clientIds.length === 0) return;
  await tx.$executeRaw`
    DELETE FROM oidc_records WHERE payload->>'clientId' = ANY(${clientIds}::text[])`;
}
