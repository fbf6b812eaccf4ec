import type { FastifyInstance } from 'fastify';
import { calls } from '@portico/contracts';
import { registerCall } from '../http/register-call.js';
import { addToWhitelist, listWhitelist, removeFromWhitelist } from './whitelist.js';
import { listBanned, unbanIp } from './banned.js';

/** Routes: IP whitelist and banned IPs (platform administrators). */
export async function ipListsRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, calls.ipLists.whitelist, async () => ({ whitelist: await listWhitelist(app) }));

  registerCall(app, calls.ipLists.addWhitelist, async ({ body }, request) => {
    await addToWhitelist(app, request, body);
    return 'IP whitelisted';
  });

  registerCall(app, calls.ipLists.removeWhitelist, async ({ body }, request) => {
    await removeFromWhitelist(app, request, body.ip);
    return 'IP removed from whitelist';
  });

  registerCall(app, calls.ipLists.banned, async ({ query }) => ({
    banned: await listBanned(app, query.sort),
  }));

  registerCall(app, calls.ipLists.unban, async ({ body }, request) => {
    await unbanIp(app, request, body.ip);
    return 'IP unbanned';
  });
}
