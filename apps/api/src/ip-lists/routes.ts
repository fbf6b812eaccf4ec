import type { FastifyInstance } from 'fastify';

/** Routes: IP whitelist and banned IPs. */
export async function ipListsRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
