import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isStorableText } from '@portico/contracts';
import { ApiError } from '../http/api-error.js';
import { sha256 } from '../credentials/tokens.js';

/** The client application's server that is calling, once its credentials were checked. */
export interface CallingClient {
  id: string;
  appId: string;
  /** True when it proved itself with its secret; false when it sent a proof-of-possession hash. */
  bySecret: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    callingClient: CallingClient | null;
  }
}

interface ClientCredentials {
  client?: unknown;
  secret?: unknown;
  hash?: unknown;
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The `client` access level: a client application's server names its client and sends its
 * secret (compared by hash, in constant time), or, for a non-Web client with custom_hash, a
 * proof-of-possession verifier that the exchange itself checks against the code's challenge.
 * Any failure is the same client_unauthorized. It runs before the call's schema: a `client` that
 * cannot be stored (a NUL character, which PostgreSQL refuses) names no client either.
 */
export const clientGuardPlugin = fp(async function clientGuard(app: FastifyInstance) {
  app.decorateRequest('callingClient', null);
  app.accessGuards.client = async (request: FastifyRequest) => {
    const body = (request.body ?? {}) as ClientCredentials;
    if (typeof body.client !== 'string' || !isStorableText(body.client)) {
      throw new ApiError('client_unauthorized');
    }
    const client = await app.db.prisma.client.findUnique({
      where: { id: body.client },
      select: { id: true, appId: true, secretHash: true, customHash: true, platform: true },
    });
    if (!client) throw new ApiError('client_unauthorized');
    if (typeof body.secret === 'string') {
      if (!sameHash(client.secretHash, sha256(body.secret))) {
        throw new ApiError('client_unauthorized');
      }
      request.callingClient = { id: client.id, appId: client.appId, bySecret: true };
      return;
    }
    if (typeof body.hash === 'string' && client.customHash && client.platform !== 'web') {
      request.callingClient = { id: client.id, appId: client.appId, bySecret: false };
      return;
    }
    throw new ApiError('client_unauthorized');
  };
});
