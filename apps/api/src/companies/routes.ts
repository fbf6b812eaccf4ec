import type { FastifyInstance } from 'fastify';

/** Routes: companies (platform administration). */
export async function companiesRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
