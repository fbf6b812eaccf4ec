import type { FastifyInstance } from 'fastify';
import { APP_STATUS, BUILT_IN_ROLES, apps } from '@portico/contracts';
import { registerCall } from '../http/register-call.js';
import { ApiError } from '../http/api-error.js';
import { auditContext, recordAudit } from '../audit/record-audit.js';
import { readImageUpload } from '../files/read-image-upload.js';
import { storeImage } from '../files/store-image.js';
import { imageUrl } from '../files/image-url.js';
import { listApps } from './list-apps.js';
import { removeApp } from './remove-app.js';
import { refuseDisablingPlatformApp } from './protected-apps.js';
import { iconTarget } from './upload-icon.js';
import { sessionOf } from '../sessions/session-guard.js';
import { assertStillAdmin } from '../company/acting-admin.js';

/** Routes: application registry, for platform administrators. */
export async function appsRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, apps.list, async () => listApps(app.db, app.config.PUBLIC_URL));

  registerCall(app, apps.add, async ({ body }, request) => {
    await app.db.prisma.$transaction(async (tx) => {
      // ON CONFLICT DO NOTHING: a taken id (even one created a moment ago) is app_enrolled.
      const created = await tx.application.createMany({
        data: [{ id: body.id, name: body.name, description: body.desc }],
        skipDuplicates: true,
      });
      if (created.count === 0) throw new ApiError('app_enrolled');
      // Every application has the built-in roles (section 6), which cannot be deleted.
      await tx.role.createMany({
        data: BUILT_IN_ROLES.map((role) => ({ appId: body.id, id: role.id, name: role.name })),
      });
      await recordAudit(tx, {
        ...auditContext(request),
        action: 'app.add',
        target: `app:${body.id}`,
        details: { name: body.name },
      });
      await assertStillAdmin(tx, sessionOf(request));
    });
    return 'Application added';
  });

  registerCall(app, apps.update, async ({ body }, request) => {
    refuseDisablingPlatformApp(body.id, body.status);
    await app.db.prisma.$transaction(async (tx) => {
      const updated = await tx.application.updateMany({
        where: { id: body.id },
        data: {
          name: body.name,
          description: body.desc,
          status: body.status,
          link: body.link === '' ? null : body.link,
        },
      });
      if (updated.count === 0) throw new ApiError('not_found');
      // Disabled stops the application at once: its OpenID Connect codes and tokens read as
      // absent (oidc/adapter.ts), and the codes its clients were issued for the code + com
      // exchange, which lives 60 seconds, go too, or its server would still be handed the user's
      // identity and roles after the switch. Used codes stay: they tell a replay.
      const codesEnded =
        body.status === APP_STATUS.disabled
          ? (
              await tx.exchangeCode.deleteMany({
                where: { usedAt: null, client: { appId: body.id } },
              })
            ).count
          : 0;
      await recordAudit(tx, {
        ...auditContext(request),
        action: 'app.update',
        target: `app:${body.id}`,
        details: { name: body.name, status: body.status, link: body.link, codes_ended: codesEnded },
      });
      await assertStillAdmin(tx, sessionOf(request));
    });
    return 'Application updated';
  });

  registerCall(app, apps.remove, async ({ query }, request) => {
    await app.db.prisma.$transaction(async (tx) => {
      const removed = await removeApp(tx, query.id);
      await recordAudit(tx, {
        ...auditContext(request),
        action: 'app.remove',
        target: `app:${query.id}`,
        details: removed,
      });
      await assertStillAdmin(tx, sessionOf(request));
    });
    return 'Application removed';
  });

  registerCall(app, apps.uploadIcon, async (_input, request) => {
    const { image, fields } = await readImageUpload(request);
    const { appId, small } = iconTarget(fields);
    const kind = small ? 'appSmallIcon' : 'appLargeIcon';
    const stored = await app.db.prisma.$transaction(async (tx) => {
      const result = await storeImage(tx, { kind, appId }, image);
      await recordAudit(tx, {
        ...auditContext(request),
        action: 'app.icon',
        target: `app:${appId}`,
        details: { icon: small ? 'small' : 'large', image: result.id, size: image.bytes.length },
      });
      await assertStillAdmin(tx, sessionOf(request));
      return result;
    });
    return imageUrl(app.config.PUBLIC_URL, stored.id);
  });
}
