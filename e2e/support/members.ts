import type { APIRequestContext } from '@playwright/test';
import { GLOBAL_APP_ID, PLATFORM_COMPANY_ID, calls, encodeBase64 } from '@portico/contracts';
import type { AdminApi, Grant } from './admin.js';
import { callOk } from './api.js';
import type { MailBox } from './mail.js';
import { linksIn } from './mail.js';
import { uniqueEmail, uniqueId, uniquePassword } from './names.js';

/** A ready-to-sign-in account. */
export interface Member {
  username: string;
  password: string;
  email: string;
  displayName: string;
  mobile: string;
}

/** A member's credentials as the sign-in helpers take them (the username as the login). */
export function accountOf(member: Pick<Member, 'username' | 'password' | 'email'>) {
  return { login: member.username, password: member.password, email: member.email };
}

export interface NewMember {
  /** Defaults: unique. */
  username?: string;
  password?: string;
  email?: string;
  displayName?: string;
  mobile?: string;
}

const INVITATION_SUBJECT = /invited you|invited to own/;

/**
 * Registers the account an invitation mail offers, through the calls behind /invite and /reg:
 * the link's access code goes to /v1/register (credentials base64), which accepts every
 * application of the company's invitation (one link since issue 17; any further link, from an
 * older mail format, is accepted with /v1/invite/accept). `api` is the public caller (its own
 * client address: registration is limited per IP).
 */
export async function registerFromInvitation(
  api: APIRequestContext,
  mail: MailBox,
  person: NewMember & { email: string },
  mailsBefore = 0,
): Promise<Member> {
  const invitation = await mail.waitForMail(person.email, {
    after: mailsBefore,
    subject: INVITATION_SUBJECT,
  });
  const [first, ...others] = linksIn(invitation.text, '/invite');
  const code = first?.searchParams.get('code');
  if (!first || !code) throw new Error(`no /invite link in the mail:\n${invitation.text}`);

  const username = person.username ?? uniqueId('u');
  const member: Member = {
    username,
    password: person.password ?? uniquePassword(),
    email: person.email,
    displayName: person.displayName ?? `Member ${username}`,
    mobile: person.mobile ?? '+1 555 010 0000',
  };
  await callOk(api, calls.register.submit, {
    uname: encodeBase64(member.username),
    pass: encodeBase64(member.password),
    mobile: encodeBase64(member.mobile),
    email: encodeBase64(member.email),
    displayName: member.displayName,
    access: code,
  });
  for (const link of others) {
    await callOk(api, calls.invites.accept, {
      access_code: link.searchParams.get('code') ?? '',
      email: member.email,
    });
  }
  return member;
}

/**
 * Invites a new person with `roles` through `inviter` (an administrator's session in the company)
 * and registers them: a member with verified access, ready to sign in.
 */
export async function inviteAndRegister(
  inviter: AdminApi,
  api: APIRequestContext,
  mail: MailBox,
  roles: Grant[],
  person: NewMember = {},
): Promise<Member> {
  const email = person.email ?? uniqueEmail('member');
  const before = await mail.count(email);
  await inviter.invite(email, roles);
  return registerFromInvitation(api, mail, { ...person, email }, before);
}

/**
 * The owner of a company, invited by the platform administrator (companies invite-owner) and
 * registered: holds global.owner there, so it may invite members.
 */
export async function createOwner(
  admin: AdminApi,
  api: APIRequestContext,
  mail: MailBox,
  com: string,
  person: NewMember = {},
): Promise<Member> {
  if (com === PLATFORM_COMPANY_ID) throw new Error('core1 is the platform administrator’s');
  const email = person.email ?? uniqueEmail('owner');
  const before = await mail.count(email);
  await admin.inviteOwner(com, email);
  return registerFromInvitation(api, mail, { ...person, email }, before);
}

/** The company-level roles (application `global`), for readability at call sites. */
export function companyRoles(...roles: ('owner' | 'admin')[]): Grant {
  return { app: GLOBAL_APP_ID, roles };
}
