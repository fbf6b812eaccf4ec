import { z } from 'zod';
import { defineCall } from '../call.js';
import { okMessage } from '../envelope.js';
import { branchEntry } from '../entities.js';
import { companyIdRule, companyNameRule, emailRule } from '../rules.js';
import { base64Of } from '../wire.js';

/** Companies (tenants), managed by platform administrators. */

/** The owner invitation of a company (section 3: access). */
export const ownerAccess = z.object({
  email: z.string(),
  status: z.string().describe('pending until accepted, verified once the owner is active'),
  roles: z.array(z.string()),
  app: z.string(),
  username: z.string().nullable(),
});

export const adminCompany = z.object({
  id: z.string(),
  name: z.string(),
  img: z.string(),
  owner: z.string().describe("the owner's display name; empty when none"),
  branches: z.array(branchEntry),
});

export const list = defineCall({
  id: 'companies.list',
  method: 'GET',
  path: '/v1/coms',
  summary: 'Every company with its branches, and the owner invitation of each',
  access: 'platform-admin',
  answer: z.object({
    coms: z.array(adminCompany),
    owners: z
      .record(z.string(), ownerAccess)
      .describe('by company id; a company without an entry has no owner invitation'),
  }),
  codes: [],
});

export const add = defineCall({
  id: 'companies.add',
  method: 'POST',
  path: '/v1/coms/add',
  summary: 'Create a company',
  access: 'platform-admin',
  pathChosen: true,
  body: z.strictObject({ id: companyIdRule, name: companyNameRule }),
  answer: okMessage,
  codes: ['app_enrolled'],
});

export const update = defineCall({
  id: 'companies.update',
  method: 'POST',
  path: '/v1/coms/update',
  summary: "Change a company's name or image",
  access: 'platform-admin',
  pathChosen: true,
  body: z.strictObject({
    id: companyIdRule,
    name: companyNameRule,
    img: z.string().max(2048).optional().describe('an image URL the API served'),
  }),
  answer: okMessage,
  codes: ['not_found'],
});

export const remove = defineCall({
  id: 'companies.remove',
  method: 'POST',
  path: '/v1/coms/remove',
  summary: 'Remove a company (never the platform company) with its access, branches and sessions',
  access: 'platform-admin',
  pathChosen: true,
  query: z.strictObject({ id: companyIdRule }),
  body: z.strictObject({}),
  answer: okMessage,
  codes: ['not_found', 'forbidden'],
});

export const inviteOwner = defineCall({
  id: 'companies.inviteOwner',
  method: 'POST',
  path: '/v1/coms/invite',
  summary: "Invite (or re-invite) a company's owner; the e-mail is base64 like every invitation",
  access: 'platform-admin',
  pathChosen: true,
  body: z.strictObject({ com: companyIdRule, email: base64Of(emailRule) }),
  answer: okMessage,
  codes: ['not_found', 'verified', 'mail_failed'],
});
