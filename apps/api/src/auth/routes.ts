import type { FastifyInstance } from 'fastify';

/** Routes: sign-in, auto-login, company choice, session details, sign-out, landing icon, device verification. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
