import type { FastifyInstance } from 'fastify';
import { calls } from '@portico/contracts';
import { registerCall } from '../http/register-call.js';
import { sessionOf } from '../sessions/session-guard.js';
import { companyOf } from './company-member.js';
import { listUsers } from './list-users.js';
import { removeAccess } from './remove-access.js';
import { resetPassword } from './reset-password.js';
import { transferOwnership } from '../ownership/transfer-ownership.js';
import { roleDefinitions } from './role-definitions.js';
import { updatePreference } from './update-preference.js';
import { updateRoles } from './update-roles.js';

/** Routes: users list, roles, preferences, resets, access removal (all in the current company). */
export async function usersRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, calls.users.list, async ({ body }, request) =>
    listUsers(app.db, companyOf(sessionOf(request)), body),
  );

  registerCall(app, calls.users.roleDefinitions, async (_input, request) =>
    roleDefinitions(app.db.prisma, companyOf(sessionOf(request))),
  );

  registerCall(app, calls.users.updateRoles, async ({ body }, request) =>
    updateRoles(app, request, body),
  );

  registerCall(app, calls.users.updatePreference, async ({ body }, request) => {
    await updatePreference(app, request, body);
    return 'Names updated.';
  });

  registerCall(app, calls.users.transferOwnership, async ({ body }, request) => {
    await transferOwnership(app, request, body.email);
    return 'Ownership transferred';
  });

  registerCall(app, calls.users.resetPassword, async ({ body }, request) => {
    await resetPassword(app, request, body.username);
    return 'Password reset initiated.';
  });

  registerCall(app, calls.users.removeAccess, async ({ body }, request) => {
    await removeAccess(app, request, body.email);
    return 'User access removed.';
  });
}
