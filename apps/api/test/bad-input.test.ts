import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { CallDefinition } from '@portico/contracts';
import { CODES, PLATFORM_COMPANY_ID, allCalls } from '@portico/contracts';
import type { TestApp } from './harness.js';
import { startTestApp } from './harness.js';
import type { PlatformAdmin } from './factories.js';
import { bootstrapPlatform, openTestSession } from './factories.js';
import { tableFingerprint } from './fingerprint.js';

/**
 * Malformed payloads for every call of the contracts, sent by a platform administrator (whom
 * every guard admits, so the payload itself is judged): the answer is a catalogue code, never a
 * 5xx, and nothing changes. Each call's own tests check its specific codes; this table makes
 * sure no call was forgotten.
 */
const LONG = 'x'.repeat(10_000);
const NOT_BASE64 = '%%% not base64 %%%';

/** The fields of a call's body (or query), when it is a plain object schema. */
function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  return (schema as { shape?: Record<string, z.ZodType> } | undefined)?.shape ?? {};
}

function fieldsOf(schema: z.ZodType | undefined): string[] {
  return Object.keys(shapeOf(schema));
}

/** Fields that travel base64-encoded (contracts' base64Of). */
function base64FieldsOf(schema: z.ZodType | undefined): string[] {
  return Object.entries(shapeOf(schema))
    .filter(([, field]) => field.description === 'base64 of UTF-8 text')
    .map(([name]) => name);
}

function wrongType(value: 'string' | 'number'): unknown {
  return value === 'string' ? 12345 : 'not a number';
}

/** Payload variants: nothing, not an object, every field of the wrong type, too long, not base64,
 * and an unknown extra field. */
function variants(call: CallDefinition): [string, unknown][] {
  const fields = fieldsOf(call.body);
  const every = (value: unknown) => Object.fromEntries(fields.map((field) => [field, value]));
  const list: [string, unknown][] = [
    ['an array', []],
    ['a string', 'payload'],
    ['null', null],
    ['an unknown field', { ...every('value'), unknown_field: 'x' }],
  ];
  // A call whose body has no fields (sign-out) takes any empty object: nothing more to vary.
  if (fields.length === 0) return list;
  list.push(
    ['nothing', {}],
    ['wrong types', every(wrongType('string'))],
    ['over-long strings', every(LONG)],
    ['nested objects', every({ $gt: '' })],
  );
  const base64 = base64FieldsOf(call.body);
  if (base64.length > 0) {
    list.push([
      'bad base64',
      { ...every('value'), ...Object.fromEntries(base64.map((f) => [f, NOT_BASE64])) },
    ]);
  }
  return list;
}

const bodyCalls = allCalls.filter((call) => call.method === 'POST' && !call.multipart);
const queryCalls = allCalls.filter((call) => call.query !== undefined);

describe('bad input for every payload', () => {
  let t: TestApp;
  let admin: PlatformAdmin;
  let address = 0;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await bootstrapPlatform(t);
  });
  afterAll(() => t.close());

  /** A fresh session per request, so a call that ends sessions cannot spoil the next one. */
  async function send(call: CallDefinition, request: { payload?: unknown; url?: string }) {
    const { cookie } = await openTestSession(t, admin, { companyId: PLATFORM_COMPANY_ID });
    const before = await tableFingerprint(t.db);
    address += 1;
    const answer = await t.app.inject({
      method: call.method,
      url: request.url ?? call.path.replace(/:(\w+)/g, 'x'),
      headers: { cookie, 'content-type': 'application/json' },
      remoteAddress: `10.9.${Math.floor(address / 250)}.${address % 250}`,
      ...(request.payload === undefined ? {} : { payload: JSON.stringify(request.payload) }),
    });
    return { answer, before, after: await tableFingerprint(t.db) };
  }

  describe.each(bodyCalls.map((call) => [call.id, call] as const))('%s', (_id, call) => {
    it.each(variants(call))(
      'answers a catalogue code for %s and changes nothing',
      async (_name, payload) => {
        const { answer, before, after } = await send(call, { payload });
        const { Code } = answer.json<{ Code: string }>();
        expect(answer.statusCode).toBeLessThan(500);
        expect(Code).not.toBe('200');
        expect(Object.keys(CODES)).toContain(Code);
        expect(after).toEqual(before);
      },
    );
  });

  describe.each(queryCalls.map((call) => [call.id, call] as const))('%s query', (_id, call) => {
    it.each([
      ['an unknown parameter', '?unknown_parameter=1'],
      [
        'an over-long value',
        `?${fieldsOf(call.query)
          .map((f) => `${f}=${LONG}`)
          .join('&')}`,
      ],
      [
        'a repeated parameter',
        `?${fieldsOf(call.query)
          .map((f) => `${f}=a&${f}=b`)
          .join('&')}`,
      ],
    ])('answers a catalogue code for %s', async (_name, search) => {
      const { answer, before, after } = await send(call, { url: `${call.path}${search}` });
      const { Code } = answer.json<{ Code: string }>();
      expect(answer.statusCode).toBeLessThan(500);
      expect(Code).not.toBe('200');
      expect(Object.keys(CODES)).toContain(Code);
      expect(after).toEqual(before);
    });
  });
});
