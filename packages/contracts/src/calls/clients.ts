import { z } from 'zod';
import { defineCall } from '../call.js';
import { okMessage } from '../envelope.js';
import {
  activityTimeoutRule,
  appIdRule,
  clientDescRule,
  customHashFor,
  deviceLimitRule,
  domainRule,
  loginRetryLimitRule,
  oidcClientFields,
  opaqueId,
  platformRule,
  redirectUrlRule,
  sessionTtlRule,
} from '../rules.js';

/**
 * Clients of an application. The numbers are optional: the portal sends them only when greater
 * than 0 (`buildClientPayload`); the server keeps its defaults otherwise.
 */
const clientFields = {
  app: appIdRule,
  desc: clientDescRule,
  redirect: redirectUrlRule,
  platform: platformRule,
  domain: domainRule,
  custom_hash: z.boolean(),
  session_activity_timeout: activityTimeoutRule.optional(),
  session_ttl: sessionTtlRule.optional(),
  allow_delete: z.boolean(),
  allow_multiple_sessions: z.boolean(),
  second_factor_required: z
    .boolean()
    .optional()
    .describe(
      'ours (docs/mfa.md): users without a second factor set one up after the password; absent keeps it',
    ),
  oidc_redirect_uris: z
    .array(redirectUrlRule)
    .max(10)
    .optional()
    .describe(
      'OpenID Connect redirect URIs, compared exactly (docs/oidc.md); empty turns OIDC off. Turning it on issues a new secret, answered once',
    ),
  ...oidcClientFields,
};

/** Custom hashing is forced off for Web clients, on the server too. */
function webHashOff<T extends { platform: z.infer<typeof platformRule>; custom_hash: boolean }>(
  body: T,
): T {
  return { ...body, custom_hash: customHashFor(body.platform, body.custom_hash) };
}

export const add = defineCall({
  id: 'clients.add',
  method: 'POST',
  path: '/v1/clients/add',
  summary: 'Add a client to an application; the secret is shown whole only in this answer',
  access: 'platform-admin',
  pathChosen: true,
  // A new client allows multiple sessions unless told otherwise (section 3).
  body: z
    .strictObject({ ...clientFields, allow_multiple_sessions: z.boolean().default(true) })
    .transform(webHashOff),
  answer: z.object({ client_id: z.string(), client_secret: z.string() }),
  codes: ['not_found'],
});

/** The `secret` of clients.update that asks for a new secret; any other value keeps it. */
export const ROTATE_SECRET = 'rotate';

export const update = defineCall({
  id: 'clients.update',
  method: 'POST',
  path: '/v1/clients/update',
  summary: 'Change a client; secret "rotate" issues a new secret, shown once in the answer',
  access: 'platform-admin',
  pathChosen: true,
  body: z
    .strictObject({
      ...clientFields,
      id: opaqueId,
      secret: z
        .string()
        .max(128)
        .optional()
        .describe(
          `"${ROTATE_SECRET}" for a new secret; anything else (the mask) keeps the current one`,
        ),
      device_limit: deviceLimitRule.optional(),
      login_retry_limit: loginRetryLimitRule.optional(),
    })
    .transform(webHashOff),
  answer: z.object({
    client_secret: z.string().optional().describe('present only when the secret was rotated'),
  }),
  codes: ['not_found'],
});

export const remove = defineCall({
  id: 'clients.remove',
  method: 'POST',
  path: '/v1/clients/remove',
  summary: 'Remove a client (its sessions end)',
  access: 'platform-admin',
  pathChosen: true,
  query: z.strictObject({ id: opaqueId }),
  body: z.strictObject({}),
  answer: okMessage,
  codes: ['not_found', 'forbidden'],
});
