import { z } from 'zod';
import { defineCall } from '../call.js';
import { okMessage } from '../envelope.js';
import { ALL_FILTER } from '../constants.js';
import { accessEntry, roleGroup, userPreference } from '../entities.js';
import { emailRule, grantsRule, opaqueId, personNameRule, usernameRule } from '../rules.js';

/**
 * A flat row of the users list: one access entry plus its user's overall status. The portal
 * groups rows by e-mail (`groupUserRows`).
 */
export const userRow = accessEntry.extend({
  user_status: z
    .string()
    .nullable()
    .describe('overall status (blocked, awaiting_reset, active, ...); null for invitees'),
});

const filter = z.string().trim().min(1).max(64).describe(`"${ALL_FILTER}" or an id`);

export const list = defineCall({
  id: 'users.list',
  method: 'POST',
  path: '/v1/users',
  summary: 'One page (30 users) of the current company, searched and filtered',
  access: 'company-admin',
  pathChosen: true,
  body: z.strictObject({
    offset: z.number().int().min(0).max(1_000_000).describe('users to skip (page size 30)'),
    prefs: z.boolean().optional().describe('true to include Msg.prefs'),
    search: z.string().trim().max(100).optional(),
    branchFilter: filter.optional(),
    appFilter: filter.optional(),
  }),
  answer: z.object({
    users: z.array(userRow).describe('flat rows of the users on this page'),
    total: z.number().int().describe('users (distinct e-mails) matching, over all pages'),
    prefs: z.array(userPreference),
  }),
  codes: [],
});

export const roleDefinitions = defineCall({
  id: 'users.roleDefinitions',
  method: 'GET',
  path: '/v1/roles/defs',
  summary: 'The roles that may be granted: the company ("global") and each application',
  access: 'company-admin',
  pathChosen: true,
  answer: z.object({ global: roleGroup, apps: z.array(roleGroup) }),
  codes: [],
});

export const updateRoles = defineCall({
  id: 'users.updateRoles',
  method: 'POST',
  path: '/v1/users/role/update',
  summary: "Set a user's roles per application; an empty list removes that access or invitation",
  access: 'company-admin',
  body: z.strictObject({ email: emailRule, data: grantsRule }),
  answer: z.object({
    access: z.array(accessEntry),
    invited: z
      .array(z.string())
      .describe(
        'new applications of someone who has not joined yet: pending, their accept links mailed',
      ),
  }),
  codes: ['user_not_found', 'not_found', 'mail_failed'],
});

export const updatePreference = defineCall({
  id: 'users.updatePreference',
  method: 'POST',
  path: '/v1/invite/pref',
  summary: "Change a user's first and last name in the current company",
  access: 'company-admin',
  pathChosen: true,
  body: z.strictObject({ lname: personNameRule, fname: personNameRule, userid: opaqueId }),
  answer: okMessage,
  codes: ['user_not_found'],
});

export const resetPassword = defineCall({
  id: 'users.resetPassword',
  method: 'POST',
  path: '/v1/users/reset',
  summary: 'Start a password reset for a user (unblocks a blocked account by e-mail link)',
  access: 'company-admin',
  pathChosen: true,
  body: z.strictObject({ username: usernameRule }),
  answer: okMessage,
  codes: ['user_not_found', 'mail_failed'],
});

export const removeAccess = defineCall({
  id: 'users.removeAccess',
  method: 'POST',
  path: '/v1/user/company/remove',
  summary: 'Remove a user from the company: all app access, sessions, branch assignments and names',
  access: 'company-admin',
  body: z.strictObject({ email: emailRule }),
  answer: okMessage,
  codes: ['user_not_found'],
});

export type UserRow = z.infer<typeof userRow>;
export type UserPreference = z.infer<typeof userPreference>;

/** A user of the users screen: the flat rows of one e-mail, with its names (section 3). */
export interface GroupedUser {
  email: string;
  userid: string | null;
  username: string | null;
  status: string | null;
  pref: UserPreference | undefined;
  access: UserRow[];
}

/** Groups the flat rows by e-mail, in first-seen order, and attaches each user's names. */
export function groupUserRows(
  rows: readonly UserRow[],
  prefs: readonly UserPreference[] = [],
): GroupedUser[] {
  const byEmail = new Map<string, GroupedUser>();
  for (const row of rows) {
    const key = row.email.toLowerCase();
    let user = byEmail.get(key);
    if (!user) {
      user = {
        email: row.email,
        userid: row.userid,
        username: row.username,
        status: row.user_status,
        pref: undefined,
        access: [],
      };
      byEmail.set(key, user);
    }
    // An invitee row has no account; a later row of the same e-mail may have one.
    user.userid ??= row.userid;
    user.username ??= row.username;
    user.status ??= row.user_status;
    user.access.push(row);
  }
  const users = [...byEmail.values()];
  for (const user of users) {
    user.pref = prefs.find((pref) => pref.userid === user.userid);
  }
  return users;
}

export const transferOwnership = defineCall({
  id: 'users.transferOwnership',
  method: 'POST',
  path: '/v1/users/owner/transfer',
  summary:
    'The owner hands the company to a verified member, who becomes its owner; the old owner becomes admin (one transaction, audited company.owner_transfer)',
  access: 'company-admin',
  pathChosen: true,
  body: z.strictObject({ email: emailRule }),
  answer: okMessage,
  codes: ['user_not_found'],
});
