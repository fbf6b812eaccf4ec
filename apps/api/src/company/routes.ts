import type { FastifyInstance } from 'fastify';

/** Routes: own company profile and image. */
export async function companyRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
