import { APP_STATUS } from '@portico/contracts';
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
}

/**
 * A SignInClient per row of `clients c JOIN applications a` (the password sign-in reads it with
 * the account: auth/sign-in-reads.ts).
 */
export const SIGN_IN_CLIENT_SELECT = `
  SELECT c.id AS "id", c.app_id AS "appId", c.platform::text AS "platform",
         c.redirect AS "redirect", c.custom_hash AS "customHash", c.session_ttl AS "sessionTtl",
         c.allow_multiple_sessions AS "allowMultipleSessions", c.device_limit AS "deviceLimit",
         c.login_retry_limit AS "loginRetryLimit", a.name AS "appName", a.status AS "appStatus",
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

/**
 * The gates that know nothing about the account, so they run before the password: the client
 * is registered and the redirect is one it may use (callback_invalid), and its application is
 * not disabled (app_disabled). Alpha and Beta are decided per company (company-access.ts).
 * `redirect` undefined skips the redirect check (company choice sends none).
 */
export async function passClientGates(
  db: Database,
  clientId: string,
  redirect: string | undefined,
): Promise<SignInClient> {
  return clientGates(await findSignInClient(db, clientId), redirect);
}

/** passClientGates on a client already read (null: no such client). */
export function clientGates(
  client: SignInClient | null,
  redirect: string | undefined,
): SignInClient {
  if (!client) throw gateError('callback_invalid');
  if (redirect !== undefined && !isAcceptableRedirect(redirect, client.redirect)) {
    throw gateError('callback_invalid', client.appName);
  }
  if (client.appStatus === APP_STATUS.disabled) throw gateError('app_disabled', client.appName);
  return client;
}
