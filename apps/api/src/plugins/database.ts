import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

/** Makes the database handle available to every capability as `app.db`. */
export const databasePlugin = fp(async function database(
  app: FastifyInstance,
  opts: { db: Database },
) {
  app.decorate('db', opts.db);
});
