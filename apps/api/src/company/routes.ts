import type { FastifyInstance } from 'fastify';
import { SECOND_FACTOR_TEXTS, company } from '@portico/contracts';
import { registerCall } from '../http/register-call.js';
import { ApiError } from '../http/api-error.js';
import { sessionOf } from '../sessions/session-guard.js';
import { auditContext, recordAudit } from '../audit/record-audit.js';
import { readImageUpload } from '../files/read-image-upload.js';
import { storeImage } from '../files/store-image.js';
import { imageUrl } from '../files/image-url.js';
import { companyDetails } from './company-details.js';
import { assertStillAdmin } from './acting-admin.js';

/**
 * Routes: own company profile, image and second-factor policy (docs/mfa.md). Update and image upload are `company-admin` in the
 * contracts: the guard lets only global.owner or global.admin of the current company through,
 * and they act on the session's current company only.
 */
export async function companyRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, company.details, async (_input, request) =>
    companyDetails(app.db, sessionOf(request).companyId, app.config.PUBLIC_URL),
  );

  registerCall(app, company.update, async ({ body }, request) => {
    const companyId = currentCompany(request);
    await app.db.prisma.$transaction(async (tx) => {
      const updated = await tx.company.updateMany({
        where: { id: companyId },
        data: { name: body.name },
      });
      // Only if the company vanished after the guard read the session's roles.
      if (updated.count === 0) throw new ApiError('forbidden');
      await recordAudit(tx, {
        ...auditContext(request),
        action: 'company.profile_update',
        target: `company:${companyId}`,
        details: { name: body.name },
      });
      await assertStillAdmin(tx, sessionOf(request));
    });
    return 'Company updated';
  });

  registerCall(app, company.setSecondFactorPolicy, async ({ body }, request) => {
    const companyId = currentCompany(request);
    await app.db.prisma.$transaction(async (tx) => {
      const updated = await tx.company.updateMany({
        where: { id: companyId },
        data: { secondFactorRequired: body.required },
      });
      if (updated.count === 0) throw new ApiError('forbidden');
      await recordAudit(tx, {
        ...auditContext(request),
        action: 'company.second_factor_policy',
        target: `company:${companyId}`,
        details: { required: body.required },
      });
      await assertStillAdmin(tx, sessionOf(request));
    });
    return body.required ? SECOND_FACTOR_TEXTS.requiredNow : SECOND_FACTOR_TEXTS.notRequiredNow;
  });

  registerCall(app, company.uploadImage, async (_input, request) => {
    const companyId = currentCompany(request);
    const { image } = await readImageUpload(request);
    const stored = await app.db.prisma.$transaction(async (tx) => {
      const result = await storeImage(tx, { kind: 'company', companyId }, image);
      await recordAudit(tx, {
        ...auditContext(request),
        action: 'company.image',
        target: `company:${companyId}`,
        details: { image: result.id, type: image.contentType, size: image.bytes.length },
      });
      await assertStillAdmin(tx, sessionOf(request));
      return result;
    });
    return imageUrl(app.config.PUBLIC_URL, stored.id);
  });
}

/** The company-admin guard only passes sessions with a current company. */
function currentCompany(request: Parameters<typeof sessionOf>[0]): string {
  const companyId = sessionOf(request).companyId;
  if (companyId === null) throw new ApiError('forbidden');
  return companyId;
}
