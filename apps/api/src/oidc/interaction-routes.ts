import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import { sha256 } from '../credentials/tokens.js';
import { redeemCode } from '../exchange/exchange.js';
import { ApiError } from '../http/api-error.js';
import { sessionToken } from '../sessions/session-guard.js';
import { credentialsTime } from './credentials-time.js';
import { INTERACTION_PATH } from './issuer.js';
import { recordGrant } from './record-grant.js';

/** What a sign-in request must have asked to skip the portal's auto-login (SSO). */
const FRESH_LOGIN_REASONS = new Set(['login_prompt', 'max_age']);

/** The page of an interaction that is unknown, expired, or of another browser. */
const EXPIRED_PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign-in expired</title></head>
<body><main><h1>Sign-in expired</h1>
<p>This sign-in request is no longer valid. Go back to the application and sign in again.</p>
</main></body></html>`;

/**
 * Whether the session that issued the code was opened by the person's credentials (password,
 * or the device code after it; not auto-login) since the authorization request began: what a
 * client's `prompt=login` or `max_age` asks for. The portal is told (`prompt=login`), and this
 * checks it on the server, from the sign-in's audit event (its `details.session`).
 */
async function signedInWithCredentials(
  app: FastifyInstance,
  userId: string,
  sessionId: string,
  since: number,
): Promise<boolean> {
  const rows = await app.db.prisma.$queryRaw<{ found: boolean }[]>`
    SELECT EXISTS (
      SELECT 1 FROM audit_events
       WHERE actor_id = ${userId} AND action = 'auth.sign_in'
         AND at >= to_timestamp(${since})
         AND details->>'session' = ${sessionId}
         AND details->>'method' IN ('password', 'device_code')) AS found`;
  return rows[0]?.found === true;
}

/**
 * The session of the browser's Portico cookie (ended or not: the exchange checks that), or
 * null. The portal's code must have been issued on it: the hand-over happens in the browser
 * that signed in, so a code read elsewhere (a log, a screen) and presented in another browser's
 * authorization is refused (code injection).
 */
async function browserSessionId(app: FastifyInstance, request: FastifyRequest) {
  const token = sessionToken(request);
  if (!token) return null;
  const session = await app.db.prisma.session.findUnique({
    where: { tokenHash: sha256(token) },
    select: { id: true },
  });
  return session?.id ?? null;
}

interface CallbackQuery {
  code?: unknown;
  com?: unknown;
}

function shortString(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= 512 ? value : undefined;
}

/**
 * The hand-over between the OpenID Provider and the portal (docs/oidc.md, "One sign-in"):
 *
 * 1. The provider sends the browser to `/oidc/interaction/<uid>` (its interaction cookie is
 *    scoped to that path). We send it on to the portal's `/sso?client=<client>&redir=<callback>`:
 *    the whole journey runs as for any client (password, device code, PIN or passkey, company
 *    choice, every gate), with auto-login when the browser is signed in already, unless the
 *    request asked for a fresh sign-in (`prompt=login`, `max_age`).
 * 2. The portal ends at `/oidc/interaction/<uid>/callback?code&com`: we redeem that code as the
 *    client would at POST /v1/exchange (single use, bound to the client and the company; a
 *    replay ends the sign-in), record the grant with its user, device and company, and let the
 *    provider answer the client with its own code.
 */
export function interactionRoutes(
  app: FastifyInstance,
  provider: () => Promise<Provider>,
  asIssuerRequest: (request: FastifyRequest) => void,
): void {
  const expired = (reply: FastifyReply) =>
    reply.code(400).type('text/html; charset=utf-8').send(EXPIRED_PAGE);

  const details = async (request: FastifyRequest, reply: FastifyReply, uid: string) => {
    asIssuerRequest(request);
    const oidc = await provider();
    try {
      const interaction = await oidc.interactionDetails(request.raw, reply.raw);
      return interaction.uid === uid ? interaction : undefined;
    } catch {
      // No interaction cookie, an expired interaction, or another browser's.
      return undefined;
    }
  };

  app.get<{ Params: { uid: string } }>(
    `${INTERACTION_PATH}/:uid`,
    { schema: { hide: true } },
    async (request, reply) => {
      const interaction = await details(request, reply, request.params.uid);
      if (!interaction) return expired(reply);
      const portal = new URL('/sso', app.config.PUBLIC_URL);
      portal.searchParams.set('client', String(interaction.params.client_id));
      portal.searchParams.set('redir', `${INTERACTION_PATH}/${interaction.uid}/callback`);
      if (interaction.prompt.reasons.some((reason) => FRESH_LOGIN_REASONS.has(reason))) {
        portal.searchParams.set('prompt', 'login');
      }
      return reply.redirect(portal.href, 303);
    },
  );

  app.get<{ Params: { uid: string }; Querystring: CallbackQuery }>(
    `${INTERACTION_PATH}/:uid/callback`,
    { schema: { hide: true } },
    async (request, reply) => {
      const interaction = await details(request, reply, request.params.uid);
      if (!interaction) return expired(reply);
      const clientId = String(interaction.params.client_id);
      const code = shortString(request.query.code);
      const com = shortString(request.query.com);
      const client = await app.db.prisma.client.findUnique({
        where: { id: clientId },
        select: { id: true, appId: true },
      });
      let result: InteractionResults;
      try {
        if (!code || !com || !client) throw new ApiError('code_invalid');
        const redeemed = await redeemCode(
          app,
          request,
          { code, com, session: await browserSessionId(app, request) },
          { id: client.id, appId: client.appId, bySecret: true },
          'oidc',
        );
        const userId = redeemed.identity.user.id;
        const asked = interaction.prompt.reasons.some((reason) => FRESH_LOGIN_REASONS.has(reason));
        if (
          asked &&
          !(await signedInWithCredentials(app, userId, redeemed.sessionId, interaction.iat))
        ) {
          throw new ApiError('code_invalid');
        }
        const { Client, Grant } = await provider();
        const grant = new Grant({ accountId: userId, clientId });
        // Its lifetime follows the client's token lifetimes (provider.ts, grantTtl).
        grant.client = await Client.find(clientId);
        const scope = interaction.params.scope;
        if (typeof scope === 'string') grant.addOIDCScope(scope);
        const claims = interaction.prompt.details.missingOIDCClaims;
        if (Array.isArray(claims)) grant.addOIDCClaims(claims as string[]);
        const resources = interaction.prompt.details.missingResourceScopes;
        if (resources && typeof resources === 'object') {
          for (const [indicator, scopes] of Object.entries(resources)) {
            grant.addResourceScope(indicator, (scopes as string[]).join(' '));
          }
        }
        const grantId = await grant.save();
        const recorded = await recordGrant(app.db, {
          grantId,
          userId,
          deviceId: redeemed.deviceId,
          clientId,
          companyId: redeemed.identity.company.id,
          sessionId: redeemed.sessionId,
        });
        if (!recorded) {
          // No row would vouch for the saved Grant record: it goes now, not at its expiry.
          await grant.destroy();
          throw new ApiError('code_invalid');
        }
        const ts = await credentialsTime(app.db, userId, redeemed.deviceId);
        result = { login: { accountId: userId, ts }, consent: { grantId } };
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        result = {
          error: 'access_denied',
          error_description: 'The sign-in could not be confirmed.',
        };
      }
      const oidc = await provider();
      let resume: string;
      try {
        resume = await oidc.interactionResult(request.raw, reply.raw, result, {
          mergeWithLastSubmission: false,
        });
      } catch {
        // The interaction ended since it was read (a parallel callback's resume destroyed it):
        // answered here, where a hijacked reply would have been left without any answer.
        return expired(reply);
      }
      return reply.redirect(resume, 303);
    },
  );
}
