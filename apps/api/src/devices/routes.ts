import type { FastifyInstance } from 'fastify';

/** Routes: own devices: list, block, remove. */
export async function devicesRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
