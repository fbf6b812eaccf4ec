import { constants, createPublicKey, verify, type JsonWebKey } from 'node:crypto';

const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** How old a logout token may be (its iat), allowing for clocks that differ a little. */
const MAX_AGE_SECONDS = 300;

interface Jwks {
  keys: (JsonWebKey & { kid?: string })[];
}

function part(value: string | undefined): Record<string, unknown> {
  return JSON.parse(Buffer.from(value ?? '', 'base64url').toString()) as Record<string, unknown>;
}

/** The signature check of one JWS algorithm Portico signs with (docs/oidc.md: ES256, PS256, RS256). */
function signatureValid(alg: unknown, jwk: JsonWebKey, data: Buffer, signature: Buffer): boolean {
  const key = createPublicKey({ key: jwk, format: 'jwk' });
  if (alg === 'ES256') return verify('sha256', data, { key, dsaEncoding: 'ieee-p1363' }, signature);
  if (alg === 'PS256') {
    return verify(
      'sha256',
      data,
      { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 },
      signature,
    );
  }
  if (alg === 'RS256') return verify('sha256', data, key, signature);
  return false;
}

/**
 * Validates a back-channel logout token (OpenID Connect Back-Channel Logout 1.0, section 2.6):
 * signed by one of the issuer's keys, for this client, from this issuer, recent, with the
 * logout event and no nonce. Answers the `sub` whose sessions end, or null when invalid.
 */
export function logoutSubject(
  token: string,
  expected: { issuer: string; clientId: string; jwks: Jwks; now?: number },
): string | null {
  try {
    const [header, payload, signature] = token.split('.');
    const head = part(header);
    const claims = part(payload);
    const jwk = expected.jwks.keys.find((key) => key.kid === head.kid);
    if (!jwk) return null;
    const data = Buffer.from(`${header}.${payload}`);
    if (!signatureValid(head.alg, jwk, data, Buffer.from(signature ?? '', 'base64url'))) {
      return null;
    }
    const now = expected.now ?? Math.floor(Date.now() / 1000);
    const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    const events = claims.events as Record<string, unknown> | undefined;
    if (
      claims.iss !== expected.issuer ||
      !audience.includes(expected.clientId) ||
      typeof claims.iat !== 'number' ||
      Math.abs(now - claims.iat) > MAX_AGE_SECONDS ||
      typeof events?.[BACKCHANNEL_EVENT] !== 'object' ||
      claims.nonce !== undefined ||
      typeof claims.sub !== 'string'
    ) {
      return null;
    }
    return claims.sub;
  } catch {
    return null;
  }
}
