import type { FastifyInstance } from 'fastify';

/** Routes: own profile and avatar. */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
