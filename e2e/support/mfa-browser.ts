import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { REAUTH_LABELS, SIGN_IN_TEXTS, calls, encodeBase64 } from '@portico/contracts';
import type { AdminApi, Grant } from './admin.js';
import { callOk } from './api.js';
import type { Envelope } from './api.js';
import type { MailBox } from './mail.js';
import type { Member } from './members.js';

/** The session-expired dialog's names, from the contracts like the portal's. */
export const DIALOG = {
  title: REAUTH_LABELS.title,
  methodsGroup: REAUTH_LABELS.methodsGroup,
  password: REAUTH_LABELS.methods.password,
  mpin: REAUTH_LABELS.methods.mpin,
  passkey: REAUTH_LABELS.methods.passkey,
  submit: REAUTH_LABELS.submit,
  goToLogin: REAUTH_LABELS.goToLogin,
} as const;

/** A plain member's grant: an application and role of its own (the portal is for everyone). */
export async function memberGrant(adminApi: AdminApi): Promise<Grant> {
  const app = await adminApi.createApp();
  const role = await adminApi.createRole(app.id);
  return { app: app.id, roles: [role.id] };
}

/**
 * Signs the page in to the portal through /sso with the password. A browser the account has not
 * used yet gets the device code by e-mail (from the mail peer); `knownDevice` skips that step.
 * Stops where the journey goes on without a password: the confirmation step or the landing.
 */
export async function submitPassword(
  page: Page,
  mail: MailBox,
  member: Member,
  { knownDevice = false } = {},
): Promise<void> {
  await page.goto('/sso');
  const mailsBefore = await mail.count(member.email);
  await page.getByLabel('Username').fill(member.username);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: SIGN_IN_TEXTS.login }).click();
  if (knownDevice) return;
  const code = await mail.waitForCode(member.email, {
    after: mailsBefore,
    subject: 'device verification code',
  });
  await page.getByLabel(SIGN_IN_TEXTS.deviceCodeLabel).fill(code);
  await page.getByRole('button', { name: SIGN_IN_TEXTS.deviceVerify }).click();
}

/**
 * After the credentials (and any confirmation): the console's own sign-in goes straight into
 * the shell, with no "Connect to" page (issue 17; other applications keep it).
 */
export async function continueToShell(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/manage\/me$/, { timeout: 15_000 });
}

/** Sets the MPIN and turns PIN sign-in on through the API, on the API session `api`. */
export async function enablePin(api: APIRequestContext, member: Member, pin: string) {
  const password = encodeBase64(member.password);
  await callOk(api, calls.mfa.setPin, { pin, password });
  await callOk(api, calls.mfa.updateSettings, { enable_pin: true, password });
}

/**
 * Chromium's virtual authenticator (DevTools protocol) in this page: a platform authenticator
 * with resident keys that verifies the user at once, so ceremonies complete without a prompt.
 */
export async function addVirtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    async credentialCount(): Promise<number> {
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      return credentials.length;
    },
  };
}

/**
 * Registers a passkey for the page's signed-in session the way the profile will: the options
 * after the password, navigator.credentials.create with the browser's authenticator, the
 * attestation as JSON to the verify call. Answers the verify call's envelope (or the options'
 * when they failed). Base64url is converted by hand: nothing of the portal runs here.
 */
export async function registerPasskey(page: Page, password: string): Promise<Envelope> {
  return page.evaluate(
    async ({ password, optionsPath, verifyPath }) => {
      const toBytes = (text: string): ArrayBuffer => {
        const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
        const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
        return Uint8Array.from(binary, (char) => char.charCodeAt(0)).buffer;
      };
      const toText = (buffer: ArrayBuffer): string =>
        btoa(String.fromCharCode(...new Uint8Array(buffer)))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      const post = async (path: string, body: unknown) => {
        const response = await fetch(path, {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify(body),
        });
        const envelope = (await response.json()) as { Code: string; Msg: unknown };
        return { status: response.status, Code: String(envelope.Code), Msg: envelope.Msg };
      };

      const options = await post(optionsPath, { password });
      if (options.Code !== '200') return options;
      type Descriptor = { id: string; type: 'public-key'; transports?: AuthenticatorTransport[] };
      const json = options.Msg as Omit<
        PublicKeyCredentialCreationOptions,
        'challenge' | 'user' | 'excludeCredentials'
      > & {
        challenge: string;
        user: { id: string; name: string; displayName: string };
        excludeCredentials?: Descriptor[];
      };
      const credential = (await navigator.credentials.create({
        publicKey: {
          ...json,
          challenge: toBytes(json.challenge),
          user: { ...json.user, id: toBytes(json.user.id) },
          excludeCredentials: (json.excludeCredentials ?? []).map((descriptor) => ({
            ...descriptor,
            id: toBytes(descriptor.id),
          })),
        },
      })) as PublicKeyCredential | null;
      if (!credential) return { status: 0, Code: 'no_credential', Msg: null };
      const response = credential.response as AuthenticatorAttestationResponse;
      return post(verifyPath, {
        name: 'e2e virtual authenticator',
        credential: {
          id: credential.id,
          rawId: toText(credential.rawId),
          type: 'public-key',
          ...(credential.authenticatorAttachment
            ? { authenticatorAttachment: credential.authenticatorAttachment }
            : {}),
          clientExtensionResults: credential.getClientExtensionResults(),
          response: {
            clientDataJSON: toText(response.clientDataJSON),
            attestationObject: toText(response.attestationObject),
            transports: response.getTransports(),
          },
        },
      });
    },
    {
      password: encodeBase64(password),
      optionsPath: calls.passkeys.registerOptions.path,
      verifyPath: calls.passkeys.registerVerify.path,
    },
  );
}

/** mfa.settings/update from the page's own session (the toggles need the password). */
export async function updateMfaInPage(
  page: Page,
  password: string,
  toggles: { enable_pin?: boolean; enable_passkey?: boolean },
): Promise<Envelope> {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
      });
      const envelope = (await response.json()) as { Code: string; Msg: unknown };
      return { status: response.status, Code: String(envelope.Code), Msg: envelope.Msg };
    },
    {
      path: calls.mfa.updateSettings.path,
      body: { ...toggles, password: encodeBase64(password) },
    },
  );
}

/**
 * The page's next request after its data went stale: the portal keeps query answers fresh for
 * 30 s and refetches stale ones when the browser comes back online. The page's clock (installed
 * before the page loaded) jumps past that, and the network drops and returns, as after a laptop
 * slept: the shell asks for its session again and meets the idle-expired one.
 */
export async function wakeUp(page: Page, context: BrowserContext): Promise<void> {
  await page.clock.fastForward('01:00');
  await context.setOffline(true);
  await context.setOffline(false);
}

/** Marks the page's window, to tell later that it was not reloaded. */
export async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { mfaMarker?: string }).mfaMarker = 'still here';
  });
}

export async function windowMarker(page: Page): Promise<string | undefined> {
  return page.evaluate(() => (window as unknown as { mfaMarker?: string }).mfaMarker);
}

/**
 * Types a PIN into the six boxes of the group named `label`, from its first box, once they are
 * empty as a person sees them (a sent entry clears itself a moment later).
 */
export async function typePin(page: Page, label: string, pin: string): Promise<void> {
  const boxes = page.getByRole('group', { name: label }).locator('input');
  for (const box of await boxes.all()) await expect(box).toHaveValue('');
  await boxes.first().focus();
  await page.keyboard.type(pin);
}
