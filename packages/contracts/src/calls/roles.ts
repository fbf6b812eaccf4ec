import { z } from 'zod';
import { defineCall } from '../call.js';
import { okMessage } from '../envelope.js';
import { roleEntry } from '../entities.js';
import { appIdRule, roleDescRule, roleIdRule, roleNameRule } from '../rules.js';

/** Per-application roles (platform administrators). Built-in admin and owner cannot be removed. */

export const list = defineCall({
  id: 'roles.list',
  method: 'GET',
  path: '/v1/roles',
  summary: "An application's roles",
  access: 'platform-admin',
  query: z.strictObject({ app: appIdRule }),
  answer: z.object({ roles: z.array(roleEntry) }),
  codes: ['not_found'],
});

export const add = defineCall({
  id: 'roles.add',
  method: 'POST',
  path: '/v1/roles/add',
  summary: 'Add a role to an application',
  access: 'platform-admin',
  pathChosen: true,
  body: z.strictObject({
    id: roleIdRule,
    name: roleNameRule,
    desc: roleDescRule,
    app: appIdRule,
  }),
  answer: okMessage,
  codes: ['app_enrolled', 'not_found'],
});

export const remove = defineCall({
  id: 'roles.remove',
  method: 'POST',
  path: '/v1/roles/remove',
  summary: 'Remove a role (not a built-in one) and its grants',
  access: 'platform-admin',
  pathChosen: true,
  // A role id is unique within its application only, so the application is named too.
  query: z.strictObject({ id: roleIdRule, app: appIdRule }),
  body: z.strictObject({}),
  answer: okMessage,
  codes: ['not_found', 'forbidden'],
});
