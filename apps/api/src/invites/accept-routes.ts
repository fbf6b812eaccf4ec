import type { FastifyInstance } from 'fastify';

/** Routes: invite details and acceptance. */
export async function inviteAcceptRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
