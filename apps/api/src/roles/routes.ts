import type { FastifyInstance } from 'fastify';

/** Routes: roles of applications. */
export async function rolesRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
