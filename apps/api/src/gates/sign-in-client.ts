import { APP_STATUS, isLocalRedirect } from '@portico/contracts';
import type { Platform } from '@portico/db';
import type { Database } from '../db.js';
import { gateError } from './gate-error.js';
import { isAcceptableRedirect } from './redirect.js';

/** What the sign-in gates and the session need to know about a client and its application. */
export interface SignInClient {
  id: string;
  appId: string;
  appName: string;
  appStatus: number;
  appLargeIconId: string | null;
  platform: Platform;
  redirect: string;
  customHash: boolean;
  sessionTtl: number;
  allowMultipleSessions: boolean;
  deviceLimit: number;
  loginRetryLimit: number;
  /** docs/mfa.md: users without a second factor set one up before choosing a company. */
  secondFactorRequired: boolean;
}

/**
 * A SignInClient per row of `clients c JOIN applications a` (the password sign-in reads it with
 * the account: auth/sign-in-reads.ts).
 */
export const SIGN_IN_CLIENT_SELECT = `
  SELECT c.id AS "id", c.app_id AS "appId", c.platform::text AS "platform",
         c.redirect AS "redirect", c.custom_hash AS "customHash", c.session_ttl AS "sessionTtl",
         c.allow_multiple_sessions AS "allowMultipleSessions", c.device_limit AS "deviceLimit",
         c.login_retry_limit AS "loginRetryLimit",
         c.second_factor_required AS "secondFactorRequired", a.name AS "appName", a.status AS "appStatus",
         a.large_icon_id AS "appLargeIconId"
    FROM clients c JOIN applications a ON a.id = c.app_id`;

/** The client with its application, one statement. */
const FIND_SIGN_IN_CLIENT = `${SIGN_IN_CLIENT_SELECT} WHERE c.id = $1`;

export async function findSignInClient(
  db: Database,
  clientId: string,
): Promise<SignInClient | null> {
  const [client] = await db.query<SignInClient>('portico_sign_in_client', FIND_SIGN_IN_CLIENT, [
    clientId,
  ]);
  return client ?? null;
}

/** What the client gates need of the server: its database and its redirect policy. */
export interface GateServer {
  db: Database;
  config: { LOCALHOST_REDIRECTS: boolean };
}

/**
 * The gates that know nothing about the account, so they run before the password: the client
 * is registered and the redirect is one it may use (callback_invalid), and its application is
 * not disabled (app_disabled). Alpha and Beta are decided per company (company-access.ts).
 * `redirect` undefined skips the redirect check (company choice sends none).
 */
export async function passClientGates(
  server: GateServer,
  clientId: string,
  redirect: string | undefined,
): Promise<SignInClient> {
  const client = await findSignInClient(server.db, clientId);
  return clientGates(client, redirect, server.config.LOCALHOST_REDIRECTS);
}

/**
 * passClientGates on a client already read (null: no such client). A client registered with
 * an http://localhost redirect before the server went to production is refused too, so no code
 * travels in clear text to whatever listens on that port.
 */
export function clientGates(
  client: SignInClient | null,
  redirect: string | undefined,
  localRedirects: boolean,
): SignInClient {
  if (!client) throw gateError('callback_invalid');
  if (!localRedirects && isLocalRedirect(client.redirect)) {
    throw gateError('callback_invalid', client.appName);
  }
  if (redirect !== undefined && !isAcceptableRedirect(redirect, client.redirect)) {
    throw gateError('callback_invalid', client.appName);
  }
  if (client.appStatus === APP_STATUS.disabled) throw gateError('app_disabled', client.appName);
  return client;
}
