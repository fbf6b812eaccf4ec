import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/routes.js';
import { mfaRoutes } from './mfa/routes.js';
import { totpRoutes } from './mfa/totp/routes.js';
import { passwordRoutes } from './password/routes.js';
import { registerRoutes } from './register/routes.js';
import { inviteAcceptRoutes } from './invites/accept-routes.js';
import { exchangeRoutes } from './exchange/routes.js';
import { devicesRoutes } from './devices/routes.js';
import { subscriptionsRoutes } from './subscriptions/routes.js';
import { usersRoutes } from './users/routes.js';
import { invitesRoutes } from './invites/routes.js';
import { branchesRoutes } from './branches/routes.js';
import { profileRoutes } from './profile/routes.js';
import { erasureRoutes } from './erasure/routes.js';
import { companyRoutes } from './company/routes.js';
import { companiesRoutes } from './companies/routes.js';
import { appsRoutes } from './apps/routes.js';
import { clientsRoutes } from './clients/routes.js';
import { rolesRoutes } from './roles/routes.js';
import { ipListsRoutes } from './ip-lists/routes.js';
import { filesRoutes } from './files/routes.js';
import { auditRoutes } from './audit/routes.js';

/** Every capability's routes, registered after the guards they use exist. */
export async function registerCapabilities(app: FastifyInstance): Promise<void> {
  await app.register(authRoutes);
  await app.register(mfaRoutes);
  await app.register(totpRoutes);
  await app.register(passwordRoutes);
  await app.register(registerRoutes);
  await app.register(inviteAcceptRoutes);
  await app.register(exchangeRoutes);
  await app.register(devicesRoutes);
  await app.register(subscriptionsRoutes);
  await app.register(usersRoutes);
  await app.register(invitesRoutes);
  await app.register(branchesRoutes);
  await app.register(profileRoutes);
  await app.register(erasureRoutes);
  await app.register(companyRoutes);
  await app.register(companiesRoutes);
  await app.register(appsRoutes);
  await app.register(clientsRoutes);
  await app.register(rolesRoutes);
  await app.register(ipListsRoutes);
  await app.register(filesRoutes);
  await app.register(auditRoutes);
}
