import type { Prisma } from '@portico/db';
import { ApiError } from '../http/api-error.js';
import { releaseImage } from '../files/store-image.js';
import { endWhatLostAccessEnds } from '../users/lost-access.js';
import { deleteOidcRecordsOfClients } from '../oidc/client-records.js';
import { refuseRemovingPlatformApp } from './protected-apps.js';

type Tx = Prisma.TransactionClient;

/**
 * Removes an application in the caller's transaction. The delete cascades its clients (and
 * with them their sessions, device codes and exchange codes), roles and their grants, access
 * and invitations, and subscriptions; ban history keeps its rows without the app. The OpenID
 * Provider's records of its clients go too (oidc/client-records.ts). People it
 * leaves with no access in a company lose their sessions there (users/lost-access.ts), including
 * access granted while the removal waited: the application row is locked before its access is
 * read. The icons are deleted unless something else uses them.
 */
export async function removeApp(
  tx: Tx,
  appId: string,
): Promise<{ clients: number; roles: number; access: number }> {
  refuseRemovingPlatformApp(appId);
  // Locked before its access is read: a grant holds the application FOR KEY SHARE until it
  // commits (users/role-rules.ts assertGrantable), so what it grants is read here, not missed.
  await tx.$queryRaw`SELECT id FROM applications WHERE id = ${appId} FOR UPDATE`;
  const app = await tx.application.findUnique({
    where: { id: appId },
    select: {
      smallIconId: true,
      largeIconId: true,
      clients: { select: { id: true } },
      _count: { select: { clients: true, roles: true, access: true } },
    },
  });
  if (!app) throw new ApiError('not_found');
  const lost = await tx.access.findMany({
    where: { appId },
    select: { companyId: true, appId: true, email: true, userId: true },
  });
  // deleteMany: a concurrent removal makes this one not_found instead of a failure.
  const deleted = await tx.application.deleteMany({ where: { id: appId } });
  if (deleted.count === 0) throw new ApiError('not_found');
  await deleteOidcRecordsOfClients(
    tx,
    app.clients.map((client) => client.id),
  );
  // Whoever that left with nothing in a company is signed out there, as when removed.
  await endWhatLostAccessEnds(tx, lost);
  for (const icon of new Set([app.smallIconId, app.largeIconId])) {
    if (icon) await releaseImage(tx, icon);
  }
  return app._count;
}
