import type { FastifyInstance } from 'fastify';
import { sendFailure } from '../http/envelope.js';

/**
 * API paths that do not exist answer `not_found` in the envelope, and so do missing files of the
 * portal's build (/assets/...: a page of an older build asking for its own hashed files must not
 * get index.html under a script's name). Any other GET is a portal route (e.g. /manage/users
 * after a reload) and gets the portal's index.html.
 */
export function registerNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === '/v1' || path.startsWith('/v1/');
    const isAsset = path.startsWith('/assets/');
    if (
      !isApi &&
      !isAsset &&
      app.portalIndex &&
      (request.method === 'GET' || request.method === 'HEAD')
    ) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return sendFailure(reply, 'not_found', `${request.method} ${path} does not exist`);
  });
}
