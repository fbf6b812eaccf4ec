import type { FastifyInstance } from 'fastify';

/** Routes: the code exchange of client applications. */
export async function exchangeRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
