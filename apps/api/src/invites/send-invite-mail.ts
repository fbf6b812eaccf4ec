import { PRODUCT_NAME } from '@portico/contracts';
import type { OutgoingMail } from '../mail/mailer.js';
import { oneLine } from '../mail/one-line.js';
import { INVITE_TTL_DAYS } from './invite-code.js';

/** One application of an invitation as its mail lists it. */
export interface InvitedApp {
  appName: string;
  roleNames: string[];
  link: string;
}

/**
 * The invitation mail: one invitation to one company, so one accept link (issue 17), with the
 * applications and roles it grants listed above it. The link is the first application's code;
 * accepting it accepts the company's other open invitations for the address too
 * (accept-claim.ts). Links come from the configured public URL, never from request headers.
 */
export function inviteMail(to: string, companyName: string, apps: InvitedApp[]): OutgoingMail {
  const [first] = apps;
  if (!first) throw new Error('inviteMail: an invitation grants at least one application');
  // Names the company's administrators chose: one line each (mail/one-line.ts).
  const company = oneLine(companyName);
  return {
    to,
    subject: `${PRODUCT_NAME}: ${company} invited you`,
    text: [
      `${company} invited you to ${PRODUCT_NAME}:`,
      '',
      ...apps.map((app) => `- ${oneLine(app.appName)} (${app.roleNames.map(oneLine).join(', ')})`),
      '',
      'Accept the invitation with this link:',
      first.link,
      '',
      `The link is valid for ${INVITE_TTL_DAYS} days. If you did not expect this message, ignore it.`,
    ].join('\n'),
  };
}
