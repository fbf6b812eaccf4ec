import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  INVALID_BASE64,
  allCalls,
  apps,
  auth,
  clients,
  encodeBase64,
  exchange,
  invites,
  mfa,
  register,
  type CallDefinition,
} from '../src/index.js';

type Json = z.core.JSONSchema.JSONSchema;

/** Every body field the JSON schema marks as base64, as `<call id>.<field>`. */
function base64Fields(call: CallDefinition): string[] {
  if (!call.body) return [];
  const json: Json = z.toJSONSchema(call.body, { io: 'input', unrepresentable: 'any' });
  const shapes = json.anyOf ?? json.oneOf ?? [json];
  const fields = new Set<string>();
  for (const shape of shapes) {
    for (const [name, field] of Object.entries(shape.properties ?? {})) {
      if (typeof field === 'object' && field.description?.startsWith('base64')) {
        fields.add(`${call.id}.${name}`);
      }
    }
  }
  return [...fields];
}

function issuesAt(result: z.ZodSafeParseResult<unknown>, field: string): string[] {
  if (result.success) return [];
  return result.error.issues.filter((issue) => issue.path[0] === field).map((i) => i.message);
}

const b64 = encodeBase64;

describe('credentials on the wire', () => {
  it('are base64 exactly where section 5 says', () => {
    const fields = allCalls.flatMap(base64Fields).sort();
    expect(fields).toEqual(
      [
        'auth.signIn.uname',
        'auth.signIn.pass',
        'auth.reauth.credential_value',
        'forgot.update.pass',
        'mfa.updateSettings.password',
        'mfa.setPin.password',
        // Ours: the MPIN dialog's password, checked before the digits.
        'mfa.checkPassword.password',
        'passkeys.registerOptions.password',
        // Ours: the password confirming an account deletion travels like the other confirmations.
        'profile.deleteAccount.password',
        // Ours: the authenticator app's changes are confirmed by the password like the others.
        'totp.setup.password',
        'totp.disable.password',
        'totp.regenerateRecoveryCodes.password',
        'register.submit.uname',
        'register.submit.pass',
        'register.submit.mobile',
        'register.submit.email',
        'invites.send.email',
        'companies.inviteOwner.email',
      ].sort(),
    );
  });

  it.each(allCalls.flatMap(base64Fields))(
    '%s refuses bad base64 with a validation issue',
    (key) => {
      const [capability, action, field] = key.split('.') as [string, string, string];
      const call = allCalls.find((candidate) => candidate.id === `${capability}.${action}`);
      const body = call?.body as z.ZodType;
      for (const bad of ['not base64!', 'abc', '////', 'gA==']) {
        const payload: Record<string, unknown> = { [field]: bad, credential_type: 'password' };
        const result = body.safeParse(payload);
        expect(result.success).toBe(false);
        expect(issuesAt(result, field)).toContain(INVALID_BASE64);
      }
    },
  );

  it('decodes and then applies the rule', () => {
    const body = register.submit.body;
    const result = body.safeParse({
      uname: b64('ab'),
      pass: b64('Abc123'),
      mobile: b64('0123456789'),
      email: b64('ana@bank.example'),
      displayName: 'Ana',
      access: 'code-1',
    });
    expect(issuesAt(result, 'uname')).toEqual(['Username must be at least 6 characters.']);
  });

  it('hands the API decoded values', () => {
    const parsed = register.submit.body.parse({
      uname: b64('ana_cruz'),
      pass: b64('Abc123'),
      mobile: b64('+63 912 345 6789'),
      email: b64('ana@bank.example'),
      displayName: 'Ana Cruz',
      access: 'code-1',
    });
    expect(parsed).toMatchObject({
      uname: 'ana_cruz',
      pass: 'Abc123',
      mobile: '+63 912 345 6789',
      email: 'ana@bank.example',
    });
  });
});

describe('bodies', () => {
  const signIn = {
    uname: b64('admin'),
    pass: b64('secret'),
    client: 'portal',
    redirect: '/',
    dcd: 'fp-1',
  };

  it('accept a complete sign-in and refuse an extra field', () => {
    expect(auth.signIn.body.safeParse(signIn).success).toBe(true);
    const extra = auth.signIn.body.safeParse({ ...signIn, admin: true });
    expect(extra.success).toBe(false);
    expect(extra.error?.issues.some((issue) => issue.code === 'unrecognized_keys')).toBe(true);
  });

  it('re-authenticate by password, MPIN or passkey', () => {
    const base = { client: 'portal', redirect: '/' };
    const body = auth.reauth.body;
    expect(
      body.parse({ ...base, credential_type: 'password', credential_value: b64('Abc123') }),
    ).toMatchObject({ credential_value: 'Abc123' });
    expect(
      body.safeParse({ ...base, credential_type: 'mpin', credential_value: '123456' }).success,
    ).toBe(true);
    const wrongPin = body.safeParse({ ...base, credential_type: 'mpin', credential_value: '1234' });
    expect(issuesAt(wrongPin, 'credential_value')).toEqual(['MPIN must be 6 digits.']);
    const emptyPassword = body.safeParse({
      ...base,
      credential_type: 'password',
      credential_value: '',
    });
    expect(issuesAt(emptyPassword, 'credential_value')).toEqual(['Please enter your credentials.']);
    const passkey = {
      id: 'abc',
      rawId: 'abc',
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
    };
    expect(
      body.safeParse({ ...base, credential_type: 'passkey', credential_value: passkey }).success,
    ).toBe(true);
    expect(body.safeParse({ ...base, credential_type: 'sms', credential_value: '1' }).success).toBe(
      false,
    );
  });

  it('needs a toggle and the password to change MFA settings', () => {
    const body = mfa.updateSettings.body;
    expect(body.safeParse({ enable_pin: true, password: b64('x') }).success).toBe(true);
    expect(body.safeParse({ password: b64('x') }).success).toBe(false);
    const empty = body.safeParse({ enable_pin: true, password: b64('') });
    expect(issuesAt(empty, 'password')).toEqual(['Password is required']);
  });

  it('force custom hashing off for Web clients', () => {
    const payload = {
      app: 'payroll',
      desc: 'Payroll',
      redirect: 'https://payroll.example/cb',
      platform: 'web',
      domain: 'payroll.example',
      custom_hash: true,
      allow_delete: false,
      allow_multiple_sessions: true,
    };
    expect(clients.add.body.parse(payload).custom_hash).toBe(false);
    expect(clients.add.body.parse({ ...payload, platform: 'ios' }).custom_hash).toBe(true);
    expect(clients.add.body.safeParse({ ...payload, platform: 'Web' }).success).toBe(false);
    const badUrl = clients.add.body.safeParse({ ...payload, redirect: 'http://payroll.example' });
    expect(issuesAt(badUrl, 'redirect')).toEqual(['Redirect URL must be a valid HTTPS URL']);
    const lowTtl = clients.update.body.safeParse({ ...payload, id: 'c1', session_ttl: 60 });
    expect(issuesAt(lowTtl, 'session_ttl')).toEqual(['Minimum TTL is 1 hour']);
  });

  it('exchange with either a secret or a hash, never both', () => {
    const base = { client: 'payroll-web', code: 'one-time', com: 'acme' };
    const body = exchange.code.body;
    expect(body.safeParse({ ...base, secret: 's3cret' }).success).toBe(true);
    expect(body.safeParse({ ...base, hash: 'v'.repeat(43) }).success).toBe(true);
    expect(body.safeParse(base).success).toBe(false);
    expect(body.safeParse({ ...base, secret: 's', hash: 'v'.repeat(43) }).success).toBe(false);
  });

  it('invite with base64 e-mail and per-application roles', () => {
    const body = invites.send.body;
    expect(
      body.parse({
        email: b64('ana@bank.example'),
        roles: [{ app: 'global', roles: ['global.admin'] }],
      }),
    ).toEqual({ email: 'ana@bank.example', roles: [{ app: 'global', roles: ['global.admin'] }] });
    expect(body.safeParse({ email: b64('ana@bank.example'), roles: [] }).success).toBe(false);
  });

  it('takes invite details by access or by code', () => {
    const query = invites.details.query;
    expect(query.safeParse({ email: 'ana@bank.example', access: 'a1' }).success).toBe(true);
    expect(query.safeParse({ email: 'ana@bank.example', code: 'a1' }).success).toBe(true);
    expect(query.safeParse({ email: 'ana@bank.example' }).success).toBe(false);
  });
});

describe('answers', () => {
  it('read the JSON text of client lists safely', () => {
    const client = {
      id: 'c1',
      secret: 'abc**xyz',
      desc: 'Payroll',
      app: 'payroll',
      redirect: 'https://payroll.example/cb',
      domain: '',
      platform: 'web',
      custom_hash: false,
      session_activity_timeout: 60,
      session_ttl: 604800,
      allow_delete: false,
      allow_multiple_sessions: true,
      device_limit: 5,
      login_retry_limit: 5,
    };
    // A list written before OIDC existed reads as a client with the OIDC defaults, OIDC off
    // (and no second-factor policy).
    const defaults = {
      second_factor_required: false,
      oidc_redirect_uris: [],
      oidc_post_logout_redirect_uris: [],
      oidc_grant_types: ['authorization_code', 'refresh_token'],
      oidc_auth_method: 'client_secret_basic',
      oidc_jwks_uri: '',
      oidc_fapi2: false,
      oidc_backchannel_logout_uri: '',
      oidc_access_token_ttl: 600,
      oidc_refresh_token_ttl: 86_400,
    };
    expect(apps.parseClientList(JSON.stringify([client]))).toEqual([{ ...client, ...defaults }]);
    const oidc = {
      ...client,
      ...defaults,
      oidc_redirect_uris: ['https://payroll.example/oidc'],
      oidc_auth_method: 'private_key_jwt',
      oidc_jwks_uri: 'https://payroll.example/jwks',
      oidc_fapi2: true,
    };
    expect(apps.parseClientList(JSON.stringify([oidc]))).toEqual([oidc]);
    expect(apps.parseClientList('not json')).toEqual([]);
    expect(apps.parseClientList(undefined)).toEqual([]);
  });

  it('describe the login response of section 3', () => {
    const answer = {
      companies: [{ id: 'acme', name: 'Acme', img: '' }],
      retries_left: -1,
      avatar: '',
      dis: 'Ana',
      is_pin_enabled: false,
      is_biometrics_enabled: false,
      is_passkey_enabled: true,
      has_pin_setup: false,
      has_passkey_setup: true,
    };
    expect(auth.signIn.answer.parse(answer)).toEqual(answer);
    expect(auth.signIn.answer.safeParse({ ...answer, companies: undefined }).success).toBe(false);
  });
});
