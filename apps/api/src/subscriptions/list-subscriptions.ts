import type { AccessStatus } from '@portico/contracts';
import { SUBSCRIPTION_STATUS } from '@portico/contracts';
import type { Database } from '../db.js';
import { imageUrl } from '../files/image-url.js';

const OFFERED = [SUBSCRIPTION_STATUS.beta, SUBSCRIPTION_STATUS.subscription];

/**
 * subscriptions.list: the beta (status 2) and subscription (status 3) applications, and the
 * current company's relation to each (`dis` without a row, but `subs` for a released one its
 * members already have access to). Without a current company every application is `dis`.
 */
export async function listSubscriptions(db: Database, publicUrl: string, companyId: string | null) {
  const apps = await db.prisma.application.findMany({
    where: { status: { in: OFFERED } },
    select: {
      id: true,
      name: true,
      description: true,
      status: true,
      link: true,
      largeIconId: true,
    },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
  const rows = companyId
    ? await db.prisma.companySubscription.findMany({
        where: { companyId, appId: { in: apps.map((app) => app.id) } },
        select: { appId: true, status: true },
      })
    : [];
  const held = new Map(rows.map((row) => [row.appId, row.status]));
  // A released application admits every company; one whose members hold access to it already
  // uses it, so "Subscribe" would not be true: it is `subs` (issue 17).
  const released = apps.filter((app) => app.status === SUBSCRIPTION_STATUS.subscription);
  const used = companyId
    ? await db.prisma.access.findMany({
        where: { companyId, appId: { in: released.map((app) => app.id) } },
        select: { appId: true },
        distinct: ['appId'],
      })
    : [];
  const inUse = new Set(used.map((row) => row.appId));
  const access: Record<string, AccessStatus> = {};
  for (const app of apps) {
    access[app.id] = held.get(app.id) ?? (inUse.has(app.id) ? 'subs' : 'dis');
  }
  return {
    apps: apps.map((app) => ({
      id: app.id,
      name: app.name,
      desc: app.description,
      iconl: imageUrl(publicUrl, app.largeIconId),
      link: app.link ?? '',
      status:
        app.status === SUBSCRIPTION_STATUS.beta
          ? SUBSCRIPTION_STATUS.beta
          : SUBSCRIPTION_STATUS.subscription,
    })),
    access,
  };
}
