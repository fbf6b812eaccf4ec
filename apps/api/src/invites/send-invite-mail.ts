import { PRODUCT_NAME } from '@portico/contracts';
import type { OutgoingMail } from '../mail/mailer.js';
import { INVITE_TTL_DAYS } from './invite-code.js';

/** One application of an invitation as its mail lists it. */
export interface InvitedApp {
  appName: string;
  roleNames: string[];
  link: string;
}

/**
 * The invitation mail: one accept link per application (each access row has its own code).
 * The links come from the configured public URL, never from request headers.
 */
export function inviteMail(to: string, companyName: string, apps: InvitedApp[]): OutgoingMail {
  const lines = apps.flatMap((app) => [
    `${app.appName} (${app.roleNames.join(', ')}):`,
    app.link,
    '',
  ]);
  return {
    to,
    subject: `${PRODUCT_NAME}: ${companyName} invited you`,
    text: [
      `${companyName} invited you to ${PRODUCT_NAME}. Accept each invitation with its link:`,
      '',
      ...lines,
      `The links are valid for ${INVITE_TTL_DAYS} days. If you did not expect this message, ignore it.`,
    ].join('\n'),
  };
}
