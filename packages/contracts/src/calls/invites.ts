import { z } from 'zod';
import { defineCall } from '../call.js';
import { okMessage } from '../envelope.js';
import { namedRef } from '../entities.js';
import { appIdRule, emailRule, grantsRule } from '../rules.js';
import { REQUIRED } from '../rules/field.js';
import { base64Of } from '../wire.js';

const accessCode = z.string().trim().min(1).max(256);

export const send = defineCall({
  id: 'invites.send',
  method: 'POST',
  path: '/v1/invite',
  summary: 'Invite someone (e-mail in base64) to roles of the current company, per application',
  access: 'company-admin',
  body: z.strictObject({ email: base64Of(emailRule), roles: grantsRule }),
  answer: okMessage,
  codes: ['user_already_enrolled', 'not_found', 'mail_failed'],
});

export const resend = defineCall({
  id: 'invites.resend',
  method: 'POST',
  path: '/v1/invite/resend',
  summary: 'Send a pending invitation again (the portal waits 30 s between resends)',
  access: 'company-admin',
  pathChosen: true,
  body: z.strictObject({ email: emailRule, app: appIdRule }),
  answer: okMessage,
  codes: ['not_found', 'verified', 'mail_failed', 'rate_limit_exceeded'],
});

export const remove = defineCall({
  id: 'invites.remove',
  method: 'POST',
  path: '/v1/invite/remove',
  summary: "Delete a pending invitation to one application (or the company's own)",
  access: 'company-admin',
  pathChosen: true,
  body: z.strictObject({ email: emailRule, app: appIdRule }),
  answer: okMessage,
  codes: ['not_found', 'verified'],
});

export const details = defineCall({
  id: 'invites.details',
  method: 'GET',
  path: '/v1/invite/details',
  summary: 'What an invitation grants (from the invitation link, no sign-in)',
  access: 'public',
  pathChosen: true,
  query: z
    .strictObject({
      email: emailRule,
      access: accessCode.optional(),
      code: accessCode.optional().describe('the same access code, as the link names it'),
    })
    .refine((query) => (query.access ?? query.code) !== undefined, {
      error: REQUIRED,
      path: ['access'],
    }),
  answer: z.object({
    com: namedRef,
    app: namedRef.describe('id "global" and name "Company" when the invitation is company-wide'),
    roles: z.array(namedRef),
    access: z.string().describe('the access code'),
    email: z.string(),
    status: z.string().describe('pending or verified'),
    registered: z.boolean().describe('false when the invitee must register first (/reg)'),
    also: z
      .array(
        z.object({
          app: namedRef.describe('as `app`: id "global", name "Company", for company roles'),
          roles: z.array(namedRef),
        }),
      )
      .optional()
      .describe(
        "ours (issue 17): the company's other open invitations for this e-mail, accepted with this one",
      ),
  }),
  codes: ['not_found', 'invite_expired', 'invite_accepted', 'rate_limit_exceeded'],
});

export const accept = defineCall({
  id: 'invites.accept',
  method: 'POST',
  path: '/v1/invite/accept',
  summary: 'Accept an invitation (no credentials: the access code proves it)',
  access: 'public',
  pathChosen: true,
  body: z.strictObject({ access_code: accessCode, email: emailRule }),
  answer: z.object({
    registered: z
      .boolean()
      .describe('false when the invitee has no account yet: the portal goes to /reg'),
  }),
  codes: ['not_found', 'invite_expired', 'invite_accepted', 'rate_limit_exceeded'],
});
