import type { FastifyInstance } from 'fastify';
import { calls } from '@portico/contracts';
import { registerCall } from '../http/register-call.js';
import { sessionOf } from '../sessions/session-guard.js';
import { listSubscriptions } from './list-subscriptions.js';
import { updateSubscription } from './update-subscription.js';

/** Routes: app subscriptions and beta access of the current company. */
export async function subscriptionsRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, calls.subscriptions.list, async (_input, request) =>
    listSubscriptions(app.db, app.config.PUBLIC_URL, sessionOf(request).companyId),
  );

  registerCall(app, calls.subscriptions.update, async ({ body }, request) => {
    await updateSubscription(app, request, body);
    return body.status === 'beta' ? 'Joined the beta' : 'Left the beta';
  });
}
