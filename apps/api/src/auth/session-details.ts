import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { auth } from '@portico/contracts';
import { imageUrl } from '../files/image-url.js';
import { sessionOf } from '../sessions/session-guard.js';

export type SessionDetails = z.input<typeof auth.details.answer>;

interface DetailsRow {
  display_name: string;
  email: string;
  avatar_id: string | null;
  pin_enabled: boolean;
  biometrics_enabled: boolean;
  passkey_enabled: boolean;
  has_pin: boolean;
  has_passkey: boolean;
  fname: string | null;
  lname: string | null;
  company_id: string | null;
  company_name: string | null;
  company_image_id: string | null;
}

/**
 * auth.details, the session check the portal makes on every load: the guard already read the
 * session and the roles in one query; this is the second and last (user, MFA, names in the
 * current company, the company).
 */
export async function sessionDetails(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<SessionDetails> {
  const session = sessionOf(request);
  const rows = await app.db.prisma.$queryRaw<DetailsRow[]>`
    SELECT u.display_name, u.email, u.avatar_id, u.pin_enabled, u.biometrics_enabled,
           u.passkey_enabled,
           EXISTS (SELECT 1 FROM pins p WHERE p.user_id = u.id) AS has_pin,
           EXISTS (SELECT 1 FROM passkey_credentials k WHERE k.user_id = u.id) AS has_passkey,
           up.fname, up.lname, c.id AS company_id, c.name AS company_name,
           c.image_id AS company_image_id
      FROM users u
      LEFT JOIN user_preferences up ON up.user_id = u.id AND up.company_id = ${session.companyId}
      LEFT JOIN companies c ON c.id = ${session.companyId}
     WHERE u.id = ${session.userId}`;
  const row = rows[0];
  if (!row) throw new Error('sessionDetails: the session has no user');
  const publicUrl = app.config.PUBLIC_URL;
  return {
    dis: row.display_name,
    fname: row.fname ?? '',
    lname: row.lname ?? '',
    avatar: imageUrl(publicUrl, row.avatar_id),
    email: row.email,
    roles: session.roles,
    com:
      row.company_id === null
        ? null
        : {
            id: row.company_id,
            name: row.company_name ?? '',
            img: imageUrl(publicUrl, row.company_image_id),
          },
    client: session.clientId,
    is_pin_enabled: row.pin_enabled,
    is_biometrics_enabled: row.biometrics_enabled,
    is_passkey_enabled: row.passkey_enabled,
    has_pin_setup: row.has_pin,
    has_passkey_setup: row.has_passkey,
  };
}
