import { z } from 'zod';
import { defineCall } from '../call.js';
import { okMessage } from '../envelope.js';
import { confirmDialogPasswordRule } from '../rules.js';
import { base64Of } from '../wire.js';

/**
 * Passkeys (DESIGN.md): registered from the profile, used to re-authenticate an expired session
 * and to confirm a sign-in. The browser side is @simplewebauthn/browser, the server side
 * @simplewebauthn/server; these schemas are their JSON shapes, bounded.
 */

const b64url = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9_-]*$/)
  .describe('base64url');
const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;

/** Extension outputs are open-ended by design; bounded in count only. */
const extensionResults = z.record(z.string().max(64), z.unknown()).refine((value) => {
  return Object.keys(value).length <= 16;
}, 'Too many extension results.');

/** The fields every WebAuthn credential JSON has, around its `response`. */
const credentialFields = {
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResults,
};

/** navigator.credentials.create() as JSON (RegistrationResponseJSON). */
export const passkeyAttestation = z.strictObject({
  ...credentialFields,
  response: z.strictObject({
    clientDataJSON: b64url,
    attestationObject: b64url,
    authenticatorData: b64url.optional(),
    transports: z.array(z.enum(TRANSPORTS)).max(TRANSPORTS.length).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url.optional(),
  }),
});

/** navigator.credentials.get() as JSON (AuthenticationResponseJSON). */
export const passkeyAssertion = z.strictObject({
  ...credentialFields,
  response: z.strictObject({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.optional(),
  }),
});

/**
 * Options for the browser, produced by @simplewebauthn/server. Loose objects: the answer must
 * pass every field the library adds through untouched.
 */
const creationOptions = z
  .looseObject({ challenge: z.string() })
  .describe('PublicKeyCredentialCreationOptionsJSON');
const requestOptions = z
  .looseObject({ challenge: z.string() })
  .describe('PublicKeyCredentialRequestOptionsJSON');

export const registerOptions = defineCall({
  id: 'passkeys.registerOptions',
  method: 'POST',
  path: '/v1/passkey/register/options',
  summary: 'Start adding a passkey from the profile (needs the account password)',
  access: 'session',
  pathChosen: true,
  body: z.strictObject({ password: base64Of(confirmDialogPasswordRule) }),
  answer: creationOptions,
  codes: [
    'invalid_credentials',
    'account_blocked',
    'account_awaiting_reset',
    'rate_limit_exceeded',
  ],
});

export const registerVerify = defineCall({
  id: 'passkeys.registerVerify',
  method: 'POST',
  path: '/v1/passkey/register/verify',
  summary: 'Finish adding a passkey: verify the attestation against the issued challenge',
  access: 'session',
  pathChosen: true,
  body: z.strictObject({
    credential: passkeyAttestation,
    name: z.string().trim().max(64).optional().describe('a label for the passkey'),
  }),
  answer: okMessage,
  codes: ['passkey_invalid'],
});

export const authOptions = defineCall({
  id: 'passkeys.authOptions',
  method: 'POST',
  path: '/v1/passkey/auth/options',
  summary:
    "A challenge for the session user's passkeys (re-authentication and sign-in confirmation)",
  access: 'expired-session',
  pathChosen: true,
  body: z.strictObject({}),
  answer: requestOptions,
  codes: ['passkey_invalid'],
});
