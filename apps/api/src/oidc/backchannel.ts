import type { FastifyInstance } from 'fastify';

interface BackchannelClient {
  backchannelLogoutUri?: string;
  backchannelLogout(sub: string, sid: string): Promise<void>;
}

/**
 * The back-channel logout job (queued by oidc/grants.ts when a user's grants end): the
 * provider signs a logout token for the user and POSTs it to the client's
 * backchannel_logout_uri. A refused or unreachable endpoint throws, so the durable queue tries
 * again with its backoff; a client that no longer exists or stopped listening is skipped.
 */
export async function sendBackchannelLogout(
  app: FastifyInstance,
  notice: { clientId: string; userId: string },
): Promise<void> {
  // The library's Client has both; its published types know neither.
  const { Client } = await app.oidcProvider();
  const client = (await Client.find(notice.clientId)) as unknown as BackchannelClient | undefined;
  if (!client?.backchannelLogoutUri) return;
  await client.backchannelLogout(notice.userId, '');
}
