import type { FastifyInstance } from 'fastify';

/** Routes: MFA settings, MPIN, passkeys, re-authentication. */
export async function mfaRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
