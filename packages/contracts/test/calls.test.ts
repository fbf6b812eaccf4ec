import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ACCESS_CODES,
  allCalls,
  callById,
  calls,
  codesOf,
  isErrorCode,
  type CallDefinition,
} from '../src/index.js';

type Json = z.core.JSONSchema.JSONSchema;

function inputJson(schema: z.ZodType): Json {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
}

/** The object shapes of a schema: itself, or each variant of a union. */
function objectShapes(json: Json): Json[] {
  if (json.anyOf ?? json.oneOf) return (json.anyOf ?? json.oneOf ?? []).flatMap(objectShapes);
  return [json];
}

const ACCESS = [
  'public',
  'session',
  'expired-session',
  'company-admin',
  'platform-admin',
  'client',
];

describe('call list', () => {
  it('holds every call once, with a unique id', () => {
    const ids = allCalls.map((call) => call.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(allCalls.length).toBeGreaterThanOrEqual(70);
  });

  it('has a unique method and path per call', () => {
    const keys = allCalls.map((call) => `${call.method} ${call.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('names each call after its capability', () => {
    for (const [capability, group] of Object.entries(calls)) {
      for (const value of Object.values(group)) {
        const call = allCalls.find((candidate) => candidate === value);
        if (call) expect(call.id).toMatch(new RegExp(`^${capability}\\.[a-z][A-Za-z]+$`));
      }
    }
  });

  it.each([
    ['auth.signIn', 'POST', '/v1/auth', 'public'],
    ['auth.signOut', 'POST', '/v1/auth/signout', 'public'],
    ['auth.reauth', 'POST', '/v1/auth/reauth', 'expired-session'],
    ['auth.autologin', 'POST', '/v1/auth/autologin', 'public'],
    ['auth.chooseCompany', 'POST', '/v1/auth/com', 'session'],
    ['auth.details', 'GET', '/v1/auth/details', 'session'],
    ['auth.landingIcon', 'GET', '/v1/app/iconl', 'public'],
    ['session.setCompany', 'POST', '/v1/session/com', 'session'],
    ['session.companies', 'GET', '/v1/ses/com/ret', 'session'],
    ['devices.verify', 'POST', '/v1/device/verify', 'public'],
    ['health.check', 'GET', '/v1/health', 'public'],
    ['files.get', 'GET', '/v1/files/:id', 'public'],
    ['exchange.code', 'POST', '/v1/exchange', 'client'],
    ['profile.update', 'POST', '/v1/user/update', 'session'],
    ['profile.uploadAvatar', 'POST', '/v1/profile/upload', 'session'],
    ['company.details', 'GET', '/v1/com/details', 'session'],
    ['company.uploadImage', 'POST', '/v1/com/img', 'company-admin'],
    ['mfa.settings', 'GET', '/v1/mfa/settings', 'expired-session'],
    ['mfa.updateSettings', 'POST', '/v1/mfa/settings/update', 'session'],
    ['mfa.setPin', 'POST', '/v1/mfa/pin/set', 'session'],
    ['forgot.request', 'POST', '/v1/forgot/request', 'public'],
    ['forgot.validate', 'POST', '/v1/forgot/validate', 'public'],
    ['forgot.update', 'POST', '/v1/forgot/update', 'public'],
    ['users.updateRoles', 'POST', '/v1/users/role/update', 'company-admin'],
    ['users.removeAccess', 'POST', '/v1/user/company/remove', 'company-admin'],
    ['invites.send', 'POST', '/v1/invite', 'company-admin'],
    ['companies.list', 'GET', '/v1/coms', 'platform-admin'],
    ['roles.list', 'GET', '/v1/roles', 'platform-admin'],
    ['devices.list', 'GET', '/v1/devices', 'session'],
    ['subscriptions.list', 'GET', '/v1/subs', 'session'],
    ['vitals.report', 'POST', '/v1/vitals', 'public'],
  ])('defines %s as %s %s for %s', (id, method, path, access) => {
    const call = callById(id);
    expect(call).toBeDefined();
    expect(call?.method).toBe(method);
    expect(call?.path).toBe(path);
    expect(call?.access).toBe(access);
  });

  it('marks the paths the specification shows as not chosen', () => {
    const shown = [
      'auth.signIn',
      'auth.details',
      'users.removeAccess',
      'invites.send',
      'companies.list',
    ];
    for (const id of shown) expect(callById(id)?.pathChosen).toBeFalsy();
    expect(callById('users.list')?.pathChosen).toBe(true);
    expect(callById('ipLists.whitelist')?.pathChosen).toBe(true);
  });

  it('keeps company-level work for company administrators and the registry for platform ones', () => {
    const byPrefix = (prefix: string) => allCalls.filter((call) => call.id.startsWith(prefix));
    for (const call of [...byPrefix('apps.'), ...byPrefix('clients.'), ...byPrefix('roles.')]) {
      expect(call.access).toBe('platform-admin');
    }
    for (const call of [...byPrefix('companies.'), ...byPrefix('ipLists.')]) {
      expect(call.access).toBe('platform-admin');
    }
    for (const call of byPrefix('users.')) expect(call.access).toBe('company-admin');
    for (const id of ['branches.add', 'branches.update', 'branches.remove', 'company.update']) {
      expect(callById(id)?.access).toBe('company-admin');
    }
    const expired = allCalls.filter((call) => call.access === 'expired-session').map((c) => c.id);
    expect(expired.sort()).toEqual(['auth.reauth', 'mfa.settings', 'passkeys.authOptions']);
  });
});

describe.each(allCalls.map((call) => [call.id, call] as const))(
  '%s',
  (_id, call: CallDefinition) => {
    it('has a known access level and only catalogue codes', () => {
      expect(ACCESS).toContain(call.access);
      for (const code of call.codes) expect(isErrorCode(code)).toBe(true);
      for (const code of codesOf(call)) expect(isErrorCode(code)).toBe(true);
      expect(new Set(call.codes).size).toBe(call.codes.length);
    });

    it('has a /v1 path, a summary and an answer schema', () => {
      expect(call.path).toMatch(/^\/v1\/[a-z0-9/:]+$/);
      expect(call.summary.length).toBeGreaterThan(10);
      expect(call.answer).toBeInstanceOf(z.ZodType);
    });

    it('sends a payload the way its method allows', () => {
      if (call.method === 'GET') {
        expect(call.body).toBeUndefined();
        expect(call.multipart).toBeUndefined();
      } else {
        // A POST has exactly one of a JSON body or a multipart form.
        expect((call.body === undefined) !== (call.multipart === undefined)).toBe(true);
      }
      expect(call.path.includes(':')).toBe(call.params !== undefined);
    });

    it('refuses unknown fields in its body, query and params', () => {
      for (const schema of [call.body, call.query, call.params]) {
        if (!schema) continue;
        for (const shape of objectShapes(inputJson(schema))) {
          expect(shape.type).toBe('object');
          expect(shape.additionalProperties).toBe(false);
        }
        expect(schema.safeParse({ __proto_field: 'x' }).success).toBe(false);
      }
    });

    it('bounds every string of its payload', () => {
      const unbounded: string[] = [];
      const walk = (node: unknown, path: string): void => {
        if (typeof node !== 'object' || node === null) return;
        const json = node as Json;
        if (
          json.type === 'string' &&
          json.maxLength === undefined &&
          !json.enum &&
          json.const === undefined
        ) {
          unbounded.push(path);
        }
        for (const [key, child] of Object.entries(json)) {
          if (typeof child === 'object') walk(child, `${path}.${key}`);
        }
      };
      for (const schema of [call.body, call.query, call.params]) {
        if (schema) walk(inputJson(schema), call.id);
      }
      expect(unbounded).toEqual([]);
    });

    it('describes query and path parameters as strings', () => {
      for (const schema of [call.query, call.params]) {
        if (!schema) continue;
        for (const shape of objectShapes(inputJson(schema))) {
          for (const field of Object.values(shape.properties ?? {})) {
            expect(typeof field === 'object' && field.type).toBe('string');
          }
        }
      }
    });
  },
);

describe('access codes', () => {
  it('adds the session codes to session-bound calls', () => {
    expect(ACCESS_CODES.session).toContain('session_expired');
    expect(ACCESS_CODES['expired-session']).not.toContain('session_expired');
    expect(ACCESS_CODES['company-admin']).toContain('forbidden');
    expect(ACCESS_CODES.public).toEqual([]);
    expect(codesOf(callById('devices.list') as CallDefinition)).toEqual(
      expect.arrayContaining(['session_expired', 'incomplete_param', 'server_error']),
    );
  });
});
