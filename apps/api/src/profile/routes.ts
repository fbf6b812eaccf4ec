import type { FastifyInstance } from 'fastify';
import { profile } from '@portico/contracts';
import { registerCall } from '../http/register-call.js';
import { sessionOf } from '../sessions/session-guard.js';
import { auditContext, recordAudit } from '../audit/record-audit.js';
import { readImageUpload } from '../files/read-image-upload.js';
import { storeImage } from '../files/store-image.js';
import { imageUrl } from '../files/image-url.js';
import { updateProfile } from './update-profile.js';

/** Routes: own profile and avatar. */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, profile.update, async ({ body }, request) => {
    await updateProfile(app.db, sessionOf(request), body, auditContext(request));
    return 'Profile updated';
  });

  registerCall(app, profile.uploadAvatar, async (_input, request) => {
    const session = sessionOf(request);
    const { image } = await readImageUpload(request);
    const stored = await app.db.prisma.$transaction(async (tx) => {
      const result = await storeImage(tx, { kind: 'avatar', userId: session.userId }, image);
      await recordAudit(tx, {
        ...auditContext(request),
        action: 'profile.avatar',
        target: session.userId,
        details: { image: result.id, type: image.contentType, size: image.bytes.length },
      });
      return result;
    });
    return imageUrl(app.config.PUBLIC_URL, stored.id);
  });
}
