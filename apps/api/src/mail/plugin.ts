import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Mailer } from './mailer.js';
import { createMailer } from './mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const mailPlugin = fp(async function mail(app: FastifyInstance) {
  const mailer = createMailer(app.config, app.log);
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
});
