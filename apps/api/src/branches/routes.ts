import type { FastifyInstance } from 'fastify';
import { calls } from '@portico/contracts';
import { registerCall } from '../http/register-call.js';
import { branchCompany, ownCompany } from './branch-scope.js';
import { addBranch, listBranches, removeBranch, updateBranch } from './company-branches.js';
import { addUserBranch, listUserBranches, removeUserBranch } from './user-branches.js';

/**
 * Routes: branches and user branches. Any member reads the current company's branches (the
 * Company screen shows them read-only); company administrators change them.
 */
export async function branchesRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, calls.branches.list, async ({ query }, request) => ({
    branches: await listBranches(app, await branchCompany(app, request, query.com)),
  }));

  registerCall(app, calls.branches.add, async ({ body }, request) => {
    const companyId = await branchCompany(app, request, body.com);
    await addBranch(app, request, companyId, { id: body.branchid, name: body.name });
    return `${body.name} successfully added!`;
  });

  registerCall(app, calls.branches.update, async ({ body }, request) => {
    const companyId = await branchCompany(app, request, body.com);
    await updateBranch(app, request, companyId, { id: body.id, name: body.name });
    return `${body.name} updated successfully.`;
  });

  registerCall(app, calls.branches.remove, async ({ query }, request) => {
    const companyId = await branchCompany(app, request, query.com);
    await removeBranch(app, request, companyId, query.id);
    return `${query.id} was deleted successfully.`;
  });

  registerCall(app, calls.branches.userBranches, async ({ body }, request) =>
    listUserBranches(app, ownCompany(request, body.com), body),
  );

  registerCall(app, calls.branches.addUserBranch, async ({ body }, request) => {
    await addUserBranch(app, request, ownCompany(request, body.com), body);
    return 'Branch assigned.';
  });

  registerCall(app, calls.branches.removeUserBranch, async ({ body }, request) => {
    await removeUserBranch(app, request, ownCompany(request, body.com), body);
    return 'Branch unassigned.';
  });
}
