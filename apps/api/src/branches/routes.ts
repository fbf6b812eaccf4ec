import type { FastifyInstance } from 'fastify';

/** Routes: branches and user branches. */
export async function branchesRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
