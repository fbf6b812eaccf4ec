import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallDefinition } from '@portico/contracts';
import {
  CODES,
  PLATFORM_COMPANY_ID,
  PORTAL_CLIENT_ID,
  calls,
  decodeBase64,
} from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import type { PlatformAdmin } from '../../test/factories.js';
import { b64, bootstrapPlatform, createClient, openTestSession } from '../../test/factories.js';
import { tableFingerprint } from '../../test/fingerprint.js';
import type { TwoCompanies } from '../../test/two-companies.js';
import { seedTwoCompanies } from '../../test/two-companies.js';

/**
 * Payloads that are right in every way but one text value PostgreSQL cannot hold: a NUL
 * (U+0000, refused by `text`) or a lone surrogate (refused by `jsonb`, turned into U+FFFD by
 * `text`). test/bad-input.test.ts sends payloads wrong in shape; these pass the schemas and used
 * to reach the database (a 500). Each string of each valid payload is spoiled in turn: the answer
 * must be incomplete_param naming that field, with nothing changed and no stack or SQL in it.
 */
type Actor = 'companyOwner' | 'member' | 'platformAdmin' | 'nobody';

interface Row {
  call: CallDefinition;
  actor: Actor;
  /** A payload that would succeed (or fail for a business reason) as it is. */
  body?: (w: World) => Record<string, unknown>;
  query?: (w: World) => Record<string, string>;
  /** Top-level body fields that travel base64-encoded: their decoded text is spoiled. */
  base64?: string[];
}

interface World extends TwoCompanies {
  platform: PlatformAdmin;
  clientId: string;
}

const c = calls;
const clientBody = (w: World) => ({
  app: w.appId,
  desc: 'A client',
  redirect: 'https://client.example.test/callback',
  platform: 'web',
  domain: 'client.example.test',
  custom_hash: false,
  allow_delete: false,
  allow_multiple_sessions: true,
});

const ROWS: Row[] = [
  // Company administration (B's owner)
  {
    call: c.users.list,
    actor: 'companyOwner',
    body: (w) => ({ offset: 0, search: 'x', branchFilter: w.b.branch.id, appFilter: w.appId }),
  },
  {
    call: c.users.updateRoles,
    actor: 'companyOwner',
    body: (w) => ({ email: w.b.member.email, data: [{ app: w.appId, roles: ['editor'] }] }),
  },
  {
    call: c.users.updatePreference,
    actor: 'companyOwner',
    body: (w) => ({ userid: w.b.member.id, fname: 'First', lname: 'Last' }),
  },
  {
    call: c.users.resetPassword,
    actor: 'companyOwner',
    body: (w) => ({ username: w.b.member.username }),
  },
  { call: c.users.removeAccess, actor: 'companyOwner', body: (w) => ({ email: w.b.member.email }) },
  {
    call: c.users.transferOwnership,
    actor: 'companyOwner',
    body: (w) => ({ email: w.b.admin.email }),
  },
  {
    call: c.invites.send,
    actor: 'companyOwner',
    body: (w) => ({
      email: b64('new.person@example.test'),
      roles: [{ app: w.appId, roles: ['viewer'] }],
    }),
    base64: ['email'],
  },
  {
    call: c.invites.resend,
    actor: 'companyOwner',
    body: (w) => ({ email: w.b.member.email, app: w.appId }),
  },
  {
    call: c.invites.remove,
    actor: 'companyOwner',
    body: (w) => ({ email: w.b.member.email, app: w.appId }),
  },
  {
    call: c.branches.add,
    actor: 'companyOwner',
    body: (w) => ({ branchid: 'fresh', name: 'Fresh branch', com: w.b.id }),
  },
  {
    call: c.branches.update,
    actor: 'companyOwner',
    body: (w) => ({ id: w.b.branch.id, com: w.b.id, name: 'Renamed' }),
  },
  {
    call: c.branches.userBranches,
    actor: 'companyOwner',
    body: (w) => ({ com: w.b.id, userid: w.b.member.id, offset: 0 }),
  },
  {
    call: c.branches.addUserBranch,
    actor: 'companyOwner',
    body: (w) => ({ com: w.b.id, userid: w.b.member.id, branch: w.b.branch.id, servicing: true }),
  },
  {
    call: c.branches.removeUserBranch,
    actor: 'companyOwner',
    body: (w) => ({ com: w.b.id, userid: w.b.member.id, branch: w.b.branch.id }),
  },
  { call: c.branches.list, actor: 'companyOwner', query: (w) => ({ com: w.b.id }) },
  {
    call: c.branches.remove,
    actor: 'companyOwner',
    query: (w) => ({ com: w.b.id, id: w.b.branch.id }),
  },
  { call: c.company.update, actor: 'companyOwner', body: () => ({ name: 'New name' }) },
  {
    call: c.subscriptions.update,
    actor: 'companyOwner',
    body: (w) => ({ app: w.betaAppId, status: 'beta' }),
  },
  {
    call: c.audit.list,
    actor: 'companyOwner',
    query: () => ({ actor: 'someone', target: 'thing', action: 'branch.add', client: 'x' }),
  },
  {
    call: c.audit.exportEvents,
    actor: 'companyOwner',
    query: () => ({ format: 'csv', actor: 'someone', target: 'thing', action: 'branch.add' }),
  },
  // A signed-in user (B's member) on their own profile, devices and session
  {
    call: c.profile.update,
    actor: 'member',
    body: () => ({ dis: 'Shown', fname: 'F', lname: 'L' }),
  },
  {
    call: c.profile.deleteAccount,
    actor: 'member',
    body: () => ({ password: b64('Secret123') }),
    base64: ['password'],
  },
  {
    call: c.devices.setStatus,
    actor: 'member',
    body: (w) => ({ id: w.b.member.session.deviceId, status: 'blocked' }),
  },
  { call: c.devices.remove, actor: 'member', body: (w) => ({ id: w.b.member.session.deviceId }) },
  { call: c.session.setCompany, actor: 'member', body: (w) => ({ com: w.b.id }) },
  {
    call: c.auth.chooseCompany,
    actor: 'member',
    body: (w) => ({ com: w.b.id, client: PORTAL_CLIENT_ID }),
  },
  // Platform administration
  {
    call: c.apps.add,
    actor: 'platformAdmin',
    body: () => ({ id: 'fresh-app', name: 'Fresh app', desc: 'About it' }),
  },
  {
    call: c.apps.update,
    actor: 'platformAdmin',
    body: (w) => ({
      id: w.appId,
      name: 'App',
      desc: 'About',
      status: 3,
      link: 'https://app.example.test/',
    }),
  },
  { call: c.apps.remove, actor: 'platformAdmin', query: (w) => ({ id: w.appId }) },
  {
    call: c.roles.add,
    actor: 'platformAdmin',
    body: (w) => ({ id: 'fresh-role', name: 'Fresh role', desc: 'About it', app: w.appId }),
  },
  { call: c.roles.list, actor: 'platformAdmin', query: (w) => ({ app: w.appId }) },
  {
    call: c.companies.add,
    actor: 'platformAdmin',
    body: () => ({ id: 'fresh-co', name: 'Fresh company' }),
  },
  {
    call: c.companies.update,
    actor: 'platformAdmin',
    body: (w) => ({ id: w.b.id, name: 'Renamed B' }),
  },
  {
    call: c.companies.inviteOwner,
    actor: 'platformAdmin',
    body: (w) => ({ com: w.b.id, email: b64('owner@example.test') }),
    base64: ['email'],
  },
  { call: c.companies.remove, actor: 'platformAdmin', query: (w) => ({ id: w.b.id }) },
  {
    call: c.ipLists.addWhitelist,
    actor: 'platformAdmin',
    body: () => ({ ip: '203.0.113.7', description: 'The office' }),
  },
  { call: c.clients.add, actor: 'platformAdmin', body: clientBody },
  {
    call: c.clients.update,
    actor: 'platformAdmin',
    body: (w) => ({ ...clientBody(w), id: w.clientId, secret: 'rotate' }),
  },
  { call: c.clients.remove, actor: 'platformAdmin', query: (w) => ({ id: w.clientId }) },
  // Public calls
  { call: c.forgot.request, actor: 'nobody', body: () => ({ email: 'someone@example.test' }) },
  { call: c.forgot.validate, actor: 'nobody', body: () => ({ code: 'a-reset-code' }) },
  {
    call: c.forgot.update,
    actor: 'nobody',
    body: () => ({ code: 'a-reset-code', pass: b64('Qz7wPmK4vLx'), username: 'someone' }),
    base64: ['pass'],
  },
  {
    call: c.invites.accept,
    actor: 'nobody',
    body: () => ({ access_code: 'an-access-code', email: 'someone@example.test' }),
  },
  {
    call: c.invites.details,
    actor: 'nobody',
    query: () => ({ email: 'someone@example.test', access: 'an-access-code' }),
  },
  {
    call: c.devices.verify,
    actor: 'nobody',
    body: () => ({ refid: 'a-reference', otp: '123456' }),
  },
  {
    call: c.register.submit,
    actor: 'nobody',
    body: () => ({
      uname: b64('new_person'),
      pass: b64('Qz7wPmK4vLx'),
      mobile: b64('5551234567'),
      email: b64('new.person@example.test'),
      displayName: 'New Person',
      access: 'an-access-code',
    }),
    base64: ['uname', 'pass', 'mobile', 'email'],
  },
  {
    call: c.auth.signIn,
    actor: 'nobody',
    body: () => ({
      uname: b64('someone'),
      pass: b64('Secret123'),
      client: PORTAL_CLIENT_ID,
      redirect: '/',
      dcd: 'a-device-fingerprint',
    }),
    base64: ['uname', 'pass'],
  },
];

const NUL = 'x\u0000y';
const LONE = 'x\ud800y';

/** Every string, number and boolean leaf of a value, with its dotted path. */
function leaves(value: unknown, path = ''): [string, unknown][] {
  if (value === null || typeof value !== 'object') return [[path, value]];
  return Object.entries(value).flatMap(([key, child]) =>
    leaves(child, path === '' ? key : `${path}.${key}`),
  );
}

/** Every string leaf of a value, with its dotted path. */
function stringLeaves(value: unknown): [string, string][] {
  return leaves(value).filter((leaf): leaf is [string, string] => typeof leaf[1] === 'string');
}

/** Values a field of each type should not take: the wrong type, out of range, empty, huge. */
function oddValuesFor(value: unknown): [string, unknown][] {
  if (typeof value === 'string') {
    return [
      ['empty', ''],
      ['blank', '   '],
      ['over-long', 'x'.repeat(20_000)],
      ['a number', 7],
      ['null', null],
      ['an array', [value]],
      ['an operator object', { $ne: '' }],
    ];
  }
  if (typeof value === 'number') {
    return [
      ['negative', -1],
      ['fractional', 0.5],
      ['huge', 1e308],
      ['past safe integers', Number.MAX_SAFE_INTEGER + 2],
      ['a numeric string', String(value)],
      ['null', null],
    ];
  }
  return [
    ['a string', 'true'],
    ['a number', 1],
    ['null', null],
  ];
}

function withLeaf(value: unknown, path: string[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path as [string, ...string[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string,
    unknown
  >;
  copy[head] = withLeaf(copy[head], rest, leaf);
  return copy;
}

/** A valid text with the bad character in its middle (base64 fields: inside the decoded text). */
function spoil(value: string, bad: string, isBase64: boolean): string {
  if (!isBase64) return value.slice(0, 1) + bad + value.slice(1);
  const plain = decodeBase64(value) ?? '';
  return b64(plain.slice(0, 1) + bad + plain.slice(1));
}

interface Case {
  name: string;
  row: Row;
  path: string;
  payload?: unknown;
  query?: Record<string, string>;
}

function casesOf(row: Row, w: World): Case[] {
  const list: Case[] = [];
  if (row.body) {
    const body = row.body(w);
    for (const [path, value] of stringLeaves(body)) {
      const isBase64 = row.base64?.includes(path) ?? false;
      // A lone surrogate cannot be encoded as UTF-8: no base64 can carry one.
      const bads = isBase64
        ? [['NUL', NUL]]
        : [
            ['NUL', NUL],
            ['lone surrogate', LONE],
          ];
      for (const [label, bad] of bads as [string, string][]) {
        list.push({
          name: `${row.call.id} body ${path}: ${label}`,
          row,
          path,
          payload: withLeaf(body, path.split('.'), spoil(value, bad, isBase64)),
        });
      }
    }
  }
  if (row.query) {
    const query = row.query(w);
    for (const [name, value] of Object.entries(query)) {
      list.push({
        name: `${row.call.id} query ${name}: NUL`,
        row,
        path: name,
        query: { ...query, [name]: spoil(value, NUL, false) },
      });
    }
  }
  return list;
}

/** What no answer may carry: a stack frame, SQL, or the database's own words. */
const LEAKS = [
  /\bat .+:\d+:\d+/,
  /\b(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM)\b/,
  /prisma|postgres|invalid byte sequence|unsupported Unicode|surrogate/i,
];

function expectNoLeak(body: string) {
  for (const leak of LEAKS) expect(body).not.toMatch(leak);
}

describe('text PostgreSQL cannot store, in otherwise valid payloads', () => {
  let t: TestApp;
  let w: World;
  let cases: Case[] = [];
  let address = 0;

  beforeAll(async () => {
    t = await startTestApp();
    const platform = await bootstrapPlatform(t);
    const two = await seedTwoCompanies(t);
    const client = await createClient(t, { appId: two.appId });
    w = { ...two, platform, clientId: client.id };
    cases = ROWS.flatMap((row) => casesOf(row, w));
  });
  afterAll(() => t.close());

  async function cookieOf(actor: Actor): Promise<string | undefined> {
    if (actor === 'nobody') return undefined;
    if (actor === 'platformAdmin') {
      return (await openTestSession(t, w.platform, { companyId: PLATFORM_COMPANY_ID })).cookie;
    }
    const user = actor === 'companyOwner' ? w.b.owner : w.b.member;
    return (await openTestSession(t, user, { companyId: w.b.id })).cookie;
  }

  it('has a case for every string of every row', () => {
    expect(cases.length).toBeGreaterThan(150);
    for (const row of ROWS) expect(cases.some((one) => one.row === row)).toBe(true);
  });

  async function send(one: Case) {
    const cookie = await cookieOf(one.row.actor);
    const before = await tableFingerprint(t.db);
    address += 1;
    const { call } = one.row;
    const url = one.query ? `${call.path}?${new URLSearchParams(one.query)}` : call.path;
    const res = await t.app.inject({
      method: call.method,
      url,
      headers: { ...(cookie ? { cookie } : {}), 'content-type': 'application/json' },
      remoteAddress: `10.77.${Math.floor(address / 250)}.${address % 250}`,
      ...(call.method === 'POST' ? { payload: JSON.stringify(one.payload ?? {}) } : {}),
    });
    const after = await tableFingerprint(t.db);
    return { res, before, after };
  }

  it('answers incomplete_param naming the field, changes nothing and leaks nothing', async () => {
    const failures: string[] = [];
    for (const one of cases) {
      const { res, before, after } = await send(one);
      const answer = res.json<{ Code: string; Msg: { fields?: Record<string, string> } }>();
      const problems = [
        res.statusCode === 400 ? '' : `status ${res.statusCode}`,
        answer.Code === 'incomplete_param' ? '' : `code ${answer.Code}`,
        answer.Msg.fields?.[one.path] ? '' : `fields ${JSON.stringify(answer.Msg)}`,
        JSON.stringify(after) === JSON.stringify(before) ? '' : 'tables changed',
      ].filter(Boolean);
      if (problems.length > 0) failures.push(`${one.name}: ${problems.join(', ')}`);
      expectNoLeak(res.body);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers wrong types, odd numbers, empty, blank and huge values with a catalogue code', async () => {
    const failures: string[] = [];
    const odd = ROWS.flatMap((row) => {
      const list: Case[] = [];
      if (row.body) {
        const body = row.body(w);
        for (const [path, value] of leaves(body)) {
          for (const [label, bad] of oddValuesFor(value)) {
            list.push({
              name: `${row.call.id} body ${path}: ${label}`,
              row,
              path,
              payload: withLeaf(body, path.split('.'), bad),
            });
          }
        }
      }
      if (row.query) {
        const query = row.query(w);
        for (const name of Object.keys(query)) {
          for (const bad of ['', '   ', 'x'.repeat(4000)]) {
            list.push({
              name: `${row.call.id} query ${name}: ${JSON.stringify(bad.slice(0, 5))}`,
              row,
              path: name,
              query: { ...query, [name]: bad },
            });
          }
        }
      }
      return list;
    });
    for (const one of odd) {
      const { res, before, after } = await send(one);
      const { Code } = res.json<{ Code: string }>();
      const problems = [
        res.statusCode < 500 ? '' : `status ${res.statusCode}`,
        Code === '200' || Object.hasOwn(CODES, Code) ? '' : `code ${Code}`,
        // Refused as bad input: nothing may change. (A business refusal may record itself: a
        // failed sign-in counts against the account.)
        Code !== 'incomplete_param' || JSON.stringify(after) === JSON.stringify(before)
          ? ''
          : 'tables changed',
      ].filter(Boolean);
      if (problems.length > 0) failures.push(`${one.name}: ${Code} ${problems.join(', ')}`);
      expectNoLeak(res.body);
    }
    expect(odd.length).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  }, 180_000);
});

describe('deep, odd and huge payloads to a valid call', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await startTestApp();
    const platform = await bootstrapPlatform(t);
    cookie = (await openTestSession(t, platform, { companyId: PLATFORM_COMPANY_ID })).cookie;
  });
  afterAll(() => t.close());

  const DEPTH = 100_000;
  const RAW: [string, string, number, string][] = [
    ['100,000 nested arrays', 'incomplete_param', 400, '['.repeat(DEPTH) + ']'.repeat(DEPTH)],
    [
      '100,000 nested objects',
      'incomplete_param',
      400,
      '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH),
    ],
    [
      'a field nested 100,000 deep',
      'incomplete_param',
      400,
      `{"offset":0,"search":${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}}`,
    ],
    [
      '__proto__ 100,000 deep',
      'incomplete_param',
      400,
      '{"a":'.repeat(DEPTH) + '{"__proto__":{"x":1}}' + '}'.repeat(DEPTH),
    ],
    ['a NaN literal', 'incomplete_param', 400, '{"offset":NaN}'],
    ['an overflowing number (Infinity)', 'incomplete_param', 400, '{"offset":1e999}'],
    ['a negative offset', 'incomplete_param', 400, '{"offset":-1}'],
    ['a fractional offset', 'incomplete_param', 400, '{"offset":0.5}'],
    ['a 30-digit offset', 'incomplete_param', 400, '{"offset":123456789012345678901234567890}'],
    ['an escaped NUL in the search', 'incomplete_param', 400, '{"offset":0,"search":"a\\u0000"}'],
    ['an escaped lone surrogate in a key', 'incomplete_param', 400, '{"offset":0,"\\udfff":1}'],
    ['a repeated key ending negative', 'incomplete_param', 400, '{"offset":0,"offset":-5}'],
    ['an empty search only', 'incomplete_param', 400, '{"search":""}'],
    [
      '2 MB of search',
      'payload_too_large',
      413,
      JSON.stringify({ offset: 0, search: 'x'.repeat(2_000_000) }),
    ],
  ];

  it.each(RAW)('%s answers %s', async (_name, code, status, payload) => {
    const before = await tableFingerprint(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: calls.users.list.path,
      headers: { cookie, 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ Code: code });
    expectNoLeak(res.body);
    expect(await tableFingerprint(t.db)).toEqual(before);
  });
});
