import type { FastifyInstance } from 'fastify';
import { imageUrl } from '../files/image-url.js';
import { gateError } from '../gates/gate-error.js';

/** auth.landingIcon: the client's application's large icon ("" for the default logo). */
export async function landingIcon(app: FastifyInstance, clientId: string): Promise<string> {
  const client = await app.db.prisma.client.findUnique({
    where: { id: clientId },
    select: { app: { select: { largeIconId: true } } },
  });
  if (!client) throw gateError('callback_invalid');
  return imageUrl(app.config.PUBLIC_URL, client.app.largeIconId);
}
