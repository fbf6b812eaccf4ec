import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { KeyObject } from 'node:crypto';

/**
 * Test only: a software WebAuthn authenticator with one ES256 credential, producing what a
 * browser's navigator.credentials.create() / get() would hand the portal as JSON. Nothing of
 * @simplewebauthn is used here, so the server's verification is exercised against an
 * independent implementation of the format.
 */

type CborValue = number | string | Uint8Array | Map<CborValue, CborValue>;

/** A minimal CBOR encoder: integers, text, byte strings and maps are all WebAuthn needs. */
export function cbor(value: CborValue): Buffer {
  const head = (major: number, length: number): Buffer => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
    if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
    const out = Buffer.alloc(5);
    out[0] = (major << 5) | 26;
    out.writeUInt32BE(length, 1);
    return out;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface CeremonyOptions {
  /** Leave out the user-verified flag (default: set). */
  noUserVerification?: boolean;
  /** The signature counter to report (default: the next one). */
  counter?: number;
  /** The origin the "browser" reports (default: the authenticator's). */
  origin?: string;
  /** Further clientDataJSON members the "browser" reports (crossOrigin, topOrigin), signed. */
  clientData?: Record<string, unknown>;
  /** The user handle an assertion returns (default: none, as for a non-discoverable one). */
  userHandle?: string;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  readonly aaguid = Buffer.alloc(16);
  counter = 0;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;

  constructor(
    readonly rpId: string,
    readonly origin: string,
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return this.credentialId.toString('base64url');
  }

  /** The public key as a COSE_Key map (EC2, ES256, P-256). */
  private coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return cbor(
      new Map<CborValue, CborValue>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
  }

  private authData(flags: number, counter: number, attested?: Buffer): Buffer {
    const rpIdHash = createHash('sha256').update(this.rpId).digest();
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([rpIdHash, Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string, ceremony: CeremonyOptions): Buffer {
    const origin = ceremony.origin ?? this.origin;
    return Buffer.from(
      JSON.stringify({ type, challenge, origin, crossOrigin: false, ...ceremony.clientData }),
    );
  }

  /** navigator.credentials.create() as RegistrationResponseJSON, attestation format "none". */
  register(options: { challenge: string }, ceremony: CeremonyOptions = {}) {
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([this.aaguid, idLength, this.credentialId, this.coseKey()]);
    const flags = FLAG_UP | FLAG_AT | (ceremony.noUserVerification ? 0 : FLAG_UV);
    const authData = this.authData(flags, ceremony.counter ?? this.counter, attested);
    const attestationObject = cbor(
      new Map<CborValue, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const clientData = this.clientData('webauthn.create', options.challenge, ceremony);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: clientData.toString('base64url'),
        attestationObject: attestationObject.toString('base64url'),
        transports: ['internal' as const],
      },
    };
  }

  /** navigator.credentials.get() as AuthenticationResponseJSON, signed with the credential. */
  assert(options: { challenge: string }, ceremony: CeremonyOptions = {}) {
    const counter = ceremony.counter ?? this.counter + 1;
    this.counter = Math.max(this.counter, counter);
    const flags = FLAG_UP | (ceremony.noUserVerification ? 0 : FLAG_UV);
    const authData = this.authData(flags, counter);
    const clientData = this.clientData('webauthn.get', options.challenge, ceremony);
    const clientDataHash = createHash('sha256').update(clientData).digest();
    // ES256 signatures are DER-encoded ECDSA, node's default output for EC keys.
    const signature = sign('sha256', Buffer.concat([authData, clientDataHash]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: clientData.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        ...(ceremony.userHandle === undefined ? {} : { userHandle: ceremony.userHandle }),
      },
    };
  }
}
