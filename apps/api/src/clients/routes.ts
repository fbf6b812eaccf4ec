import type { FastifyInstance } from 'fastify';

/** Routes: clients of applications. */
export async function clientsRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
