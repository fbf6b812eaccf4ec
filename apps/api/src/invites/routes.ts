import type { FastifyInstance } from 'fastify';

/** Routes: invitations: send, resend, remove. */
export async function invitesRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
