import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { auth } from '@portico/contracts';
import { imageUrl } from '../files/image-url.js';
import { success } from '../http/envelope.js';
import { SerializedAnswer } from '../http/serialized-answer.js';
import type { SessionContext } from '../sessions/session-guard.js';
import { sessionOf } from '../sessions/session-guard.js';

export type SessionDetails = z.input<typeof auth.details.answer>;

/**
 * auth.details, the session check the portal makes on every load. The guard already read
 * everything it answers (session, roles, user, MFA flags, names in the current company, the
 * company: read-session.ts), so this makes no query of its own. Everything in the answer comes
 * from the session's profile, so the serialised answer is kept with the profile (its memo) and
 * sent again until the profile changes: the schema checks and serialises it once.
 */
export async function sessionDetails(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SerializedAnswer> {
  const session = sessionOf(request);
  const publicUrl = app.config.PUBLIC_URL;
  const kept = session.memo.details;
  if (kept?.publicUrl === publicUrl) return new SerializedAnswer(kept.json);
  // The route's serializer (the answer schema, then JSON.stringify) makes a string.
  const json = String(reply.serialize(success(detailsOf(session, publicUrl))));
  session.memo.details = { publicUrl, json };
  return new SerializedAnswer(json);
}

function detailsOf(session: SessionContext, publicUrl: string): SessionDetails {
  const { user, fname, lname, company, roleNames } = session.profile;
  return {
    dis: user.display_name,
    fname,
    lname,
    avatar: imageUrl(publicUrl, user.avatar_id),
    email: user.email,
    roles: session.roles,
    role_names: roleNames,
    com:
      session.companyId === null || company === null
        ? null
        : { id: session.companyId, name: company.name, img: imageUrl(publicUrl, company.imageId) },
    client: session.clientId,
    allow_delete: session.allowDelete,
    is_pin_enabled: user.pin_enabled,
    is_biometrics_enabled: user.biometrics_enabled,
    is_passkey_enabled: user.passkey_enabled,
    has_pin_setup: user.has_pin,
    has_passkey_setup: user.has_passkey,
    has_totp_setup: user.has_totp,
  };
}
