import type { FastifyInstance } from 'fastify';
import { BUILT_IN_ROLES, roles } from '@portico/contracts';
import { registerCall } from '../http/register-call.js';
import { ApiError } from '../http/api-error.js';
import { auditContext, recordAudit } from '../audit/record-audit.js';
import { removeRole } from './remove-role.js';

const BUILT_IN_IDS = new Set<string>(BUILT_IN_ROLES.map((role) => role.id));

/** Routes: per-application roles, for platform administrators. */
export async function rolesRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, roles.list, async ({ query }) => {
    const application = await app.db.prisma.application.findUnique({
      where: { id: query.app },
      select: {
        roles: {
          select: { id: true, name: true, description: true },
          orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        },
      },
    });
    if (!application) throw new ApiError('not_found');
    return {
      roles: application.roles.map((role) => ({
        id: role.id,
        name: role.name,
        desc: role.description,
      })),
    };
  });

  registerCall(app, roles.add, async ({ body }, request) => {
    await app.db.prisma.$transaction(async (tx) => {
      // KEY SHARE: the application cannot be removed before this role is in.
      const owner = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM applications WHERE id = ${body.app} FOR KEY SHARE`;
      if (owner.length === 0) throw new ApiError('not_found', 'No such application.');
      // Every application has the built-in roles: their ids in another case (OWNER, Admin) would
      // pass for them with an administrator, or with a consumer of the roles claim that ignores
      // case, while granting nothing here. Taken, as the built-in id itself is.
      if (BUILT_IN_IDS.has(body.id.toLowerCase())) {
        throw new ApiError('app_enrolled', 'A built-in role has this id.');
      }
      const created = await tx.role.createMany({
        data: [{ appId: body.app, id: body.id, name: body.name, description: body.desc }],
        skipDuplicates: true,
      });
      if (created.count === 0) throw new ApiError('app_enrolled');
      await recordAudit(tx, {
        ...auditContext(request),
        action: 'role.add',
        target: `role:${body.app}.${body.id}`,
        details: { name: body.name },
      });
    });
    return 'Role added';
  });

  registerCall(app, roles.remove, async ({ query }, request) => {
    await app.db.prisma.$transaction(async (tx) => {
      const removed = await removeRole(tx, query.app, query.id);
      await recordAudit(tx, {
        ...auditContext(request),
        action: 'role.remove',
        target: `role:${query.app}.${query.id}`,
        details: removed,
      });
    });
    return 'Role removed';
  });
}
