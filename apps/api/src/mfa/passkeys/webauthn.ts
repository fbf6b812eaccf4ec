import type * as SimpleWebAuthn from '@simplewebauthn/server';

/**
 * @simplewebauthn/server, loaded at the first passkey call rather than at start: its module graph
 * (ASN.1, CBOR, COSE) costs a loaded machine a few hundred milliseconds of every start, and most
 * starts serve no passkey call for a while.
 */
let loading: Promise<typeof SimpleWebAuthn> | undefined;

export function webauthn(): Promise<typeof SimpleWebAuthn> {
  loading ??= import('@simplewebauthn/server').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
