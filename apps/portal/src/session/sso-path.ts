import { PORTAL_CLIENT_ID } from '@portico/contracts';

/** The login screen for a client (specification, section 2: /sso?client=<client>). */
export function ssoPath(client: string = PORTAL_CLIENT_ID): string {
  return `/sso?client=${encodeURIComponent(client)}`;
}
