import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import { ApiError } from '../http/api-error.js';
import { isCompanyAdmin, isPlatformAdmin, requireSession } from './session-guard.js';

/**
 * Cookies and the session access levels. Every non-public call names its level in the
 * contracts; registerCall refuses to register a call whose level has no guard here.
 */
export const sessionsPlugin = fp(async function sessions(app: FastifyInstance) {
  await app.register(cookie);
  app.decorateRequest('session', null);

  // The guard's own promise, not one more async function around it: every session check runs it.
  app.accessGuards.session = (request) => requireSession(app, request, false);
  app.accessGuards['expired-session'] = (request) => requireSession(app, request, true);
  app.accessGuards['company-admin'] = async (request) => {
    const session = await requireSession(app, request, false);
    if (!isCompanyAdmin(session)) throw new ApiError('forbidden');
  };
  app.accessGuards['platform-admin'] = async (request) => {
    const session = await requireSession(app, request, false);
    if (!isPlatformAdmin(session)) throw new ApiError('forbidden');
  };
});
