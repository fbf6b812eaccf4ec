import type { FastifyInstance } from 'fastify';

/** Routes: forgot password and reset. */
export async function passwordRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
