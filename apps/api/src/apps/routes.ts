import type { FastifyInstance } from 'fastify';

/** Routes: applications and icons. */
export async function appsRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
