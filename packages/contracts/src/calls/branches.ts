import { z } from 'zod';
import { defineCall } from '../call.js';
import { okMessage } from '../envelope.js';
import { branchEntry } from '../entities.js';
import { branchIdRule, branchNameRule, companyIdRule, opaqueId } from '../rules.js';

/**
 * Branches belong to a company. Company administrators manage their current company's; platform
 * administrators also any company's (the branches dialog of the companies list).
 */
const com = companyIdRule;

export const list = defineCall({
  id: 'branches.list',
  method: 'GET',
  path: '/v1/branches',
  summary: "A company's branches",
  access: 'session',
  pathChosen: true,
  query: z.strictObject({ com }),
  answer: z.object({ branches: z.array(branchEntry) }),
  codes: ['forbidden'],
});

export const add = defineCall({
  id: 'branches.add',
  method: 'POST',
  path: '/v1/branches/add',
  summary: 'Add a branch',
  access: 'company-admin',
  pathChosen: true,
  body: z.strictObject({ branchid: branchIdRule, name: branchNameRule, com }),
  answer: okMessage,
  codes: ['app_enrolled'],
});

export const update = defineCall({
  id: 'branches.update',
  method: 'POST',
  path: '/v1/branches/update',
  summary: 'Rename a branch',
  access: 'company-admin',
  pathChosen: true,
  body: z.strictObject({ id: branchIdRule, com, name: branchNameRule }),
  answer: okMessage,
  codes: ['not_found'],
});

export const remove = defineCall({
  id: 'branches.remove',
  method: 'POST',
  path: '/v1/branches/remove',
  summary: 'Delete a branch (and its user assignments)',
  access: 'company-admin',
  pathChosen: true,
  query: z.strictObject({ com, id: branchIdRule }),
  body: z.strictObject({}),
  answer: okMessage,
  codes: ['not_found'],
});

/** A branch assigned to a user; at most one is the servicing branch. */
export const userBranch = z.object({ id: z.string(), name: z.string(), servicing: z.boolean() });

export const userBranches = defineCall({
  id: 'branches.userBranches',
  method: 'POST',
  path: '/v1/branches/user',
  summary: 'The branches assigned to a user',
  access: 'company-admin',
  pathChosen: true,
  body: z.strictObject({
    com,
    userid: opaqueId,
    offset: z.number().int().min(0).max(1_000_000),
  }),
  answer: z.object({
    branches: z.array(userBranch),
    servicing: z.string().nullable().describe('id of the servicing branch'),
  }),
  codes: ['user_not_found'],
});

export const addUserBranch = defineCall({
  id: 'branches.addUserBranch',
  method: 'POST',
  path: '/v1/branches/user/add',
  summary: 'Assign a branch to a user; a servicing branch replaces the previous one',
  access: 'company-admin',
  pathChosen: true,
  body: z.strictObject({ userid: opaqueId, com, branch: branchIdRule, servicing: z.boolean() }),
  answer: okMessage,
  codes: ['user_not_found', 'not_found'],
});

export const removeUserBranch = defineCall({
  id: 'branches.removeUserBranch',
  method: 'POST',
  path: '/v1/branches/user/remove',
  summary: 'Unassign a branch from a user',
  access: 'company-admin',
  pathChosen: true,
  body: z.strictObject({ com, userid: opaqueId, branch: branchIdRule }),
  answer: okMessage,
  codes: ['user_not_found', 'not_found'],
});
