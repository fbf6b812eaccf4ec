import type { FastifyInstance } from 'fastify';

/** Routes: app subscriptions and beta access. */
export async function subscriptionsRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
