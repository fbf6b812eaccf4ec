/**
 * Decisions the specification leaves open that the calls depend on; docs/api.md lists them so the
 * API, the portal and the client applications read the same thing.
 */
export const DECISIONS: readonly string[] = [
  'Paths the specification does not show follow its style (`/v1/<noun>` lists, `/v1/<noun>/add`, `/update`, `/remove`); each is marked "path chosen" below.',
  'Base64 travels for the credentials section 5 names: sign-in `uname`/`pass`, the re-authentication password, the new password on reset, the MFA password (also for passkey setup), and `uname`, `pass`, `mobile`, `email` of registration and the e-mail of both invitations (user and company owner). The MPIN travels plain, like `pin` of MPIN setup.',
  '`auth.reauth` also serves the sign-in confirmation step: a user with PIN or passkey enabled confirms the fresh session with `credential_type` `mpin` or `passkey`; passkey assertions answer `passkeys.authOptions`.',
  '`auth.chooseCompany` answers the one-time code and the redirect URL (with `code` and `com`); its optional `code` field is the proof-of-possession challenge of a non-Web client with `custom_hash`, whose server later sends the verifier as `hash` to `exchange.code`.',
  '`auth.autologin` and `devices.verify` answer the login response, so the portal continues exactly as after `auth.signIn`.',
  'Failure details travel in `Msg`: `retries_left` with account_failed and invalid_pin, `otpref` with device_add, the MFA flags with `dis` and `avatar` with session_expired, and `app` with the gate codes.',
  'The "blocked" outcome of section 8 is the code `account_blocked`; "user not found" is `user_not_found`; an unresolved invitation is `not_found`.',
  'Removing all roles of an application in `users.updateRoles` removes that access or invitation; `invites.remove` deletes one pending invitation directly.',
  'A client secret is stored hashed and shown whole only when created or rotated (`clients.update` with `secret: "rotate"`); lists carry the mask.',
];
