import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendBackchannelLogout } from '../oidc/backchannel.js';
import { queueForgotLink } from '../password/forgot-job.js';
import type { Mailer } from './mailer.js';
import { createMailer } from './mailer.js';
import type { MailWorker } from './worker.js';
import { startMailWorker } from './worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** The durable queue's worker of this replica (queue.ts, worker.ts). */
    mailQueue: MailWorker;
  }
}

export const mailPlugin = fp(async function mail(app: FastifyInstance) {
  const mailer = createMailer(app.config, app.log);
  app.decorate('mailer', mailer);
  const worker = startMailWorker(app, {
    mail: (message) => mailer.send(message),
    'password.forgot': (payload) => queueForgotLink(app, payload),
    'oidc.backchannel_logout': (payload) => sendBackchannelLogout(app, payload),
  });
  app.decorate('mailQueue', worker);
  // The worker finishes its job before anything closes (preClose runs before every onClose).
  app.addHook('preClose', async () => worker.stop());
  app.addHook('onClose', async () => mailer.close());
});
