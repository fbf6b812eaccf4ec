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

export async function findSignInClient(
  db: Database,
  clientId: string,
): Promise<SignInClient | null> {
  const client = await db.prisma.client.findUnique({
    where: { id: clientId },
    select: {
      id: true,
      appId: true,
      platform: true,
      redirect: true,
      customHash: true,
      sessionTtl: true,
      allowMultipleSessions: true,
      deviceLimit: true,
      loginRetryLimit: true,
      app: { select: { name: true, status: true, largeIconId: true } },
    },
  });
  if (!client) return null;
  const { app, ...rest } = client;
  return { ...rest, appName: app.name, appStatus: app.status, appLargeIconId: app.largeIconId };
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
  const client = await findSignInClient(db, clientId);
  if (!client) throw gateError('callback_invalid');
  if (redirect !== undefined && !isAcceptableRedirect(redirect, client.redirect)) {
    throw gateError('callback_invalid', client.appName);
  }
  if (client.appStatus === APP_STATUS.disabled) throw gateError('app_disabled', client.appName);
  return client;
}
