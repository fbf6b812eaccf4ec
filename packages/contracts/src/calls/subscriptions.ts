import { z } from 'zod';
import { defineCall } from '../call.js';
import { okMessage } from '../envelope.js';
import { SUBSCRIPTION_STATUS } from '../constants.js';
import { accessStatus } from '../entities.js';
import { appIdRule } from '../rules.js';

/** An application offered on the Subscriptions screen: 2 is beta, 3 is subscription. */
export const subscriptionApp = z.object({
  id: z.string(),
  name: z.string(),
  desc: z.string(),
  iconl: z.string(),
  link: z.string(),
  status: z.union([
    z.literal(SUBSCRIPTION_STATUS.beta),
    z.literal(SUBSCRIPTION_STATUS.subscription),
  ]),
});

export const list = defineCall({
  id: 'subscriptions.list',
  method: 'GET',
  path: '/v1/subs',
  summary: "Beta and subscription applications, and the user's access to each",
  access: 'session',
  answer: z.object({
    apps: z.array(subscriptionApp),
    access: z
      .record(z.string(), accessStatus)
      .describe('by application id: dis, beta or subs (dis when absent)'),
  }),
  codes: [],
});

export const update = defineCall({
  id: 'subscriptions.update',
  method: 'POST',
  path: '/v1/subs/update',
  summary:
    "Join (beta) or leave (dis) the beta of a status-2 application for the session's company (its owner or an admin)",
  access: 'company-admin',
  body: z.strictObject({ app: appIdRule, status: z.enum(['beta', 'dis']) }),
  answer: okMessage,
  codes: ['not_found', 'app_access_prohibited'],
});
