import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { auth } from '@portico/contracts';
import { imageUrl } from '../files/image-url.js';
import { sessionOf } from '../sessions/session-guard.js';

export type SessionDetails = z.input<typeof auth.details.answer>;

/**
 * auth.details, the session check the portal makes on every load. The guard's single query
 * already read everything it answers (session, roles, user, MFA flags, names in the current
 * company, the company: read-session.ts), so this makes no query of its own.
 */
export async function sessionDetails(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<SessionDetails> {
  const session = sessionOf(request);
  const { user, fname, lname, company, roleNames } = session.profile;
  const publicUrl = app.config.PUBLIC_URL;
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
