import type { FastifyInstance } from 'fastify';

/** Routes: users list, roles, preferences, resets, access removal. */
export async function usersRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
