import { z } from 'zod';
import { defineCall } from '../call.js';
import { okMessage } from '../envelope.js';
import { applicationEntry, appStatus, maskedClient } from '../entities.js';
import { appDescRule, appIdRule, appLinkRule, appNameRule } from '../rules.js';

/** Registry of applications (platform administrators: the Developer screen). */

export const list = defineCall({
  id: 'apps.list',
  method: 'GET',
  path: '/v1/apps',
  summary: 'Every application, and the clients of each',
  access: 'platform-admin',
  pathChosen: true,
  answer: z.object({
    apps: z.array(applicationEntry),
    clients: z
      .record(z.string(), z.string())
      .describe('per application id: the JSON text of its client list (see parseClientList)'),
  }),
  codes: [],
});

/** The specification sends each application's clients as JSON text; this reads one safely. */
export function parseClientList(json: string | undefined): z.infer<typeof maskedClient>[] {
  if (json === undefined || json === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  const parsed = z.array(maskedClient).safeParse(value);
  return parsed.success ? parsed.data : [];
}

export const add = defineCall({
  id: 'apps.add',
  method: 'POST',
  path: '/v1/apps/add',
  summary: 'Register an application',
  access: 'platform-admin',
  pathChosen: true,
  body: z.strictObject({ id: appIdRule, name: appNameRule, desc: appDescRule }),
  answer: okMessage,
  codes: ['app_enrolled'],
});

export const update = defineCall({
  id: 'apps.update',
  method: 'POST',
  path: '/v1/apps/update',
  summary: 'Change the fields of an application (icons are uploaded separately)',
  access: 'platform-admin',
  pathChosen: true,
  body: z.strictObject({
    id: appIdRule,
    name: appNameRule,
    desc: appDescRule,
    status: appStatus,
    link: appLinkRule,
  }),
  answer: okMessage,
  codes: ['not_found'],
});

export const remove = defineCall({
  id: 'apps.remove',
  method: 'POST',
  path: '/v1/apps/remove',
  summary: 'Remove an application with its clients and roles',
  access: 'platform-admin',
  pathChosen: true,
  query: z.strictObject({ id: appIdRule }),
  body: z.strictObject({}),
  answer: okMessage,
  codes: ['not_found', 'forbidden'],
});

export const uploadIcon = defineCall({
  id: 'apps.uploadIcon',
  method: 'POST',
  path: '/v1/apps/icon',
  summary: 'Upload the large icon (iconl) of an application, or the small one (icons) with small',
  access: 'platform-admin',
  pathChosen: true,
  multipart: ['profile', 'app', 'fname', 'small'],
  answer: z.string().describe('the new icon URL'),
  codes: ['not_found', 'payload_too_large', 'image_too_large', 'unsupported_media_type'],
});
