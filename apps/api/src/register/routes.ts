import type { FastifyInstance } from 'fastify';

/** Routes: registration by invitation. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
