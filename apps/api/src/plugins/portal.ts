import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built portal from the API process, so production is one process and one origin.
 * Hashed assets are cached for a year; index.html is revalidated so a deploy is seen at once.
 * Unknown non-API paths answer index.html, where the portal's router takes over.
 */
export const portalPlugin = fp(async function portal(app: FastifyInstance, opts: { root: string }) {
  const index = path.join(opts.root, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn(
      { root: opts.root },
      'portal build not found: run `pnpm build`; serving the API only',
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: opts.root,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.decorate('portalIndex', index);
});

declare module 'fastify' {
  interface FastifyInstance {
    portalIndex?: string;
  }
}
