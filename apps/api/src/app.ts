import Fastify from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import cors from '@fastify/cors';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db.js';
import { VERSION } from './version.js';
import { errorsPlugin } from './plugins/errors.js';
import { securityHeaderValues, securityHeadersPlugin } from './plugins/security-headers.js';
import { openapiPlugin } from './plugins/openapi.js';
import { databasePlugin } from './plugins/database.js';
import { siemPlugin } from './audit/siem/plugin.js';
import { auditRetentionPlugin } from './audit/retention-plugin.js';
import { metricsPlugin } from './metrics/plugin.js';
import { benchFloorRoute } from './bench/floor-route.js';
import { portalPlugin } from './plugins/portal.js';
import { registerNotFound } from './plugins/not-found.js';
import { loggerOptions } from './plugins/logger.js';
import { originCheckPlugin } from './http/origin-check.js';
import { sendFailure } from './http/envelope.js';
import { sessionsPlugin } from './sessions/plugin.js';
import { clientGuardPlugin } from './exchange/client-guard.js';
import { mailPlugin } from './mail/plugin.js';
import { rateLimitPlugin } from './abuse/rate-limit.js';
import { uploadsPlugin } from './files/uploads.js';
import { oidcRoutes } from './oidc/routes.js';
import { registerCapabilities } from './capabilities.js';
import { healthRoutes } from './health/routes.js';
import { vitalsRoutes } from './vitals/routes.js';

/**
 * Slow clients are cut (docs/security.md, "Slow clients"): Node's defaults leave a request that
 * sends a body byte every few seconds open forever (requestTimeout 0) and check the others only
 * every 30 s. A cut request answers 408 and its connection closes.
 */
function connectionTimeouts(config: Config) {
  return {
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    connectionTimeout: config.HTTP_IDLE_TIMEOUT_MS,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
      // How often Node looks for expired requests: often enough for the shortest timeout.
      connectionsCheckingInterval: Math.min(1000, config.HTTP_HEADERS_TIMEOUT_MS),
    },
  };
}

/** The default compilers' place (buildApp): zod's replace them before any route is added. */
function zodOnly(): () => never {
  return () => {
    throw new Error('schemas are compiled by zod (setValidatorCompiler, setSerializerCompiler)');
  };
}

export interface BuildOptions {
  config: Config;
  db: Database;
  /** Tests pass `false` or a stream-backed logger; the server uses the configured one. */
  logger?: FastifyServerOptions['logger'];
}

/**
 * Builds the whole application; used by server.ts and by every test. Plugins are registered in
 * a visible order: framework and security first, then the capabilities' routes, then the portal.
 */
export async function buildApp({ config, db, logger }: BuildOptions): Promise<FastifyInstance> {
  const securityHeaders = securityHeaderValues();
  const app = Fastify({
    ...connectionTimeouts(config),
    logger: logger ?? loggerOptions(config),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Request ids are generated, never taken from a client header.
    genReqId: () => crypto.randomUUID(),
    // Every schema is zod's (setValidatorCompiler below). Without factories of its own, Fastify
    // loads its default compilers (ajv and fast-json-stringify: some 50 ms of a start here,
    // docs/benchmarks.md) only to have them replaced; these are never called.
    schemaController: {
      compilersFactory: { buildValidator: zodOnly, buildSerializer: zodOnly },
    },
    // The router's own refusals (a path parameter over maxParamLength, a malformed URL) leave in
    // the envelope too: such a path names nothing, so not_found (e.g. /v1/files/<300 chars>).
    // No onRequest hook runs before them, so the security headers are set here.
    frameworkErrors: (error, _request, reply) => {
      reply.headers(securityHeaders);
      const known = error.code === 'FST_ERR_MAX_PARAM_LENGTH' || error.code === 'FST_ERR_BAD_URL';
      sendFailure(reply, known ? 'not_found' : 'server_error');
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON (and, where a call says so, multipart) is accepted: a cross-site form can send
  // text/plain without a preflight, so that parser is removed.
  app.removeContentTypeParser('text/plain');
  app.decorate('config', config);
  app.decorate('accessGuards', {});

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, { headers: securityHeaders });
  if (config.CORS_ORIGINS.length > 0) {
    await app.register(cors, { origin: config.CORS_ORIGINS, credentials: true });
  }
  await app.register(openapiPlugin, { version: VERSION });
  await app.register(databasePlugin, { db });
  await app.register(siemPlugin);
  await app.register(metricsPlugin);
  await app.register(originCheckPlugin);
  await app.register(uploadsPlugin);
  await app.register(rateLimitPlugin);
  await app.register(mailPlugin);
  await app.register(auditRetentionPlugin);
  await app.register(sessionsPlugin);
  await app.register(clientGuardPlugin);

  await app.register(healthRoutes, { version: VERSION });
  await app.register(vitalsRoutes);
  await registerCapabilities(app);
  await app.register(oidcRoutes);
  if (config.BENCH_FLOOR_ROUTE) await app.register(benchFloorRoute);

  if (config.SERVE_PORTAL) await app.register(portalPlugin, { root: config.PORTAL_DIST });
  registerNotFound(app);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}
