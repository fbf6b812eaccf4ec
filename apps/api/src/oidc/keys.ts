import {
  createCipheriv,
  createDecipheriv,
  createHash,
  generateKeyPair,
  randomBytes,
} from 'node:crypto';
import { promisify } from 'node:util';
import type { JsonWebKey } from 'node:crypto';
import type { Prisma } from '@portico/db';
import type { Database } from '../db.js';

/** The algorithms the provider signs with: ES256 by default, PS256 and RS256 for clients that need them. */
export const SIGNING_ALGS = ['ES256', 'PS256', 'RS256'] as const;
export type SigningAlg = (typeof SIGNING_ALGS)[number];

/** A private JWK as oidc-provider takes it (its public part is what the JWKS publishes). */
export type PrivateJwk = JsonWebKey & { kid: string; alg: SigningAlg; use: 'sig' };

/**
 * AES-256-GCM under a key derived from the secret and the purpose (the provider's keys and
 * client secrets, authenticator-app secrets): iv.tag.ciphertext, base64url.
 */
function sealingKey(secret: string, purpose: string): Buffer {
  return createHash('sha256').update(`${purpose}:${secret}`).digest();
}

/** What the sealing of the provider's keys and clients' secrets is derived for. */
const OIDC_PURPOSE = 'portico-oidc-keys';

export function seal(secret: string, plain: string, purpose = OIDC_PURPOSE): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

export function unseal(secret: string, sealed: string, purpose = OIDC_PURPOSE): string {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) throw new Error('a sealed key is damaged');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(secret, purpose), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

const generatePair = promisify(generateKeyPair);

interface KeyPair {
  publicJwk: JsonWebKey;
  privateJwk: JsonWebKey;
}

/**
 * A new key pair, generated on libuv's thread pool: a 2048-bit RSA key takes 100 ms or more, and
 * the first start makes two (PS256, RS256), side by side and off the event loop.
 */
async function newKeyPair(alg: SigningAlg): Promise<KeyPair> {
  const pair =
    alg === 'ES256'
      ? await generatePair('ec', { namedCurve: 'P-256' })
      : await generatePair('rsa', { modulusLength: 2048 });
  return {
    publicJwk: pair.publicKey.export({ format: 'jwk' }),
    privateJwk: pair.privateKey.export({ format: 'jwk' }),
  };
}

/** Creates a new signing key for `alg`, sealed; the caller decides whether an older one retires. */
export async function createSigningKey(
  db: Pick<Prisma.TransactionClient, 'oidcSigningKey'>,
  secret: string,
  alg: SigningAlg,
  pair?: KeyPair,
): Promise<string> {
  const kid = randomBytes(12).toString('base64url');
  const { publicJwk, privateJwk } = pair ?? (await newKeyPair(alg));
  await db.oidcSigningKey.create({
    data: {
      kid,
      alg,
      publicJwk: { ...publicJwk, kid, alg, use: 'sig' } as Prisma.InputJsonValue,
      sealedPrivateJwk: seal(secret, JSON.stringify({ ...privateJwk, kid, alg, use: 'sig' })),
    },
  });
  return kid;
}

/**
 * The provider's signing keys: one live key per algorithm is created when missing (the first
 * start), under an advisory lock so replicas starting together create one each, not two; then
 * they are read (readSigningKeys).
 *
 * Missing pairs are generated before the transaction (side by side, on the thread pool): the
 * lock, and the embedded database's single connection, are held only to write them.
 */
export async function loadSigningKeys(
  db: Database,
  secret: string,
  keepRetiredSeconds: number,
): Promise<PrivateJwk[]> {
  const missing = await missingAlgs(db.prisma);
  if (missing.length > 0) {
    const pairs = await Promise.all(missing.map((alg) => newKeyPair(alg)));
    await db.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('oidc-signing-keys', 0))`;
      // Checked again under the lock: another process may have created some meanwhile.
      for (const alg of await missingAlgs(tx)) {
        await createSigningKey(tx, secret, alg, pairs[missing.indexOf(alg)]);
      }
    });
  }
  return readSigningKeys(db, secret, keepRetiredSeconds);
}

/**
 * The keys as they are, none created: every key not yet retired, or retired less than
 * `keepRetiredSeconds` ago (its tokens may still be checked), unsealed (a secret that cannot
 * open them throws). The live ones come first per algorithm, so they sign.
 */
export async function readSigningKeys(
  db: Database,
  secret: string,
  keepRetiredSeconds: number,
): Promise<PrivateJwk[]> {
  const since = new Date(Date.now() - keepRetiredSeconds * 1000);
  // Plain SQL: this read is awaited before the server listens, and the ORM's first query of the
  // process loads its query compiler (some 250 ms here) that nothing else before it needs
  // (docs/benchmarks.md, "Cold start").
  const rows = await db.query<{ alg: string; sealed_private_jwk: string }>(
    'portico_oidc_signing_keys',
    `SELECT alg, sealed_private_jwk FROM oidc_signing_keys
      WHERE retired_at IS NULL OR retired_at > $1
      ORDER BY retired_at ASC NULLS FIRST, created_at DESC`,
    [since],
  );
  // ES256 first: oidc-provider signs ID tokens with the first key of the algorithm it uses.
  const order = (alg: string) => SIGNING_ALGS.indexOf(alg as SigningAlg);
  return rows
    .sort((a, b) => order(a.alg) - order(b.alg))
    .map((row) => JSON.parse(unseal(secret, row.sealed_private_jwk)) as PrivateJwk);
}

/** The algorithms without a live (not retired) key. */
async function missingAlgs(
  db: Pick<Prisma.TransactionClient, 'oidcSigningKey'>,
): Promise<SigningAlg[]> {
  const live = await db.oidcSigningKey.findMany({
    where: { retiredAt: null },
    select: { alg: true },
    distinct: ['alg'],
  });
  return SIGNING_ALGS.filter((alg) => !live.some((key) => key.alg === alg));
}

/**
 * Key rotation (`pnpm oidc:rotate-keys`): every live key retires and a new one per algorithm
 * takes over, in one transaction under the keys' lock. Retired keys stay published (and able
 * to verify) for an ID token's lifetime; every replica signs with the new keys from its next
 * start (docs/oidc.md, "Keys").
 */
export async function rotateSigningKeys(
  db: Database,
  secret: string,
): Promise<{ retired: string[]; created: string[] }> {
  return db.prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('oidc-signing-keys', 0))`;
    const live = await tx.oidcSigningKey.findMany({
      where: { retiredAt: null },
      select: { kid: true },
    });
    await tx.oidcSigningKey.updateMany({
      where: { retiredAt: null },
      data: { retiredAt: new Date() },
    });
    const created: string[] = [];
    for (const alg of SIGNING_ALGS) created.push(await createSigningKey(tx, secret, alg));
    return { retired: live.map((key) => key.kid), created };
  });
}
