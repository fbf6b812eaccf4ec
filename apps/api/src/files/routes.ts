import type { FastifyInstance } from 'fastify';

/** Routes: stored images. */
export async function filesRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
