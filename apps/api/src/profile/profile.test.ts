import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  bootstrapPlatform,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
} from '../../test/factories.js';
import { tinyJpeg, uploadForm } from '../files/test-images.js';

describe('profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
  });
  afterAll(() => t.close());

  async function member() {
    const company = await createCompany(t);
    const user = await createUser(t, { displayName: 'Old Name' });
    await grantAccess(t, { companyId: company.id, user, roles: ['admin'] });
    const session = await openTestSession(t, user, { companyId: company.id });
    return { company, user, cookie: session.cookie };
  }

  const update = (cookie: string | undefined, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/user/update',
      headers: cookie ? { cookie } : {},
      payload: payload as Record<string, unknown>,
    });

  it('changes the display name and the names in the current company', async () => {
    const { company, user, cookie } = await member();
    const res = await update(cookie, { dis: '  Ada L.  ', fname: 'Ada', lname: 'Lovelace' });
    expect(res.statusCode).toBe(200);
    expect(res.json().Code).toBe('200');
    const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.displayName).toBe('Ada L.');
    const prefs = await t.db.prisma.userPreference.findUniqueOrThrow({
      where: { userId_companyId: { userId: user.id, companyId: company.id } },
    });
    expect(prefs).toMatchObject({ fname: 'Ada', lname: 'Lovelace' });
    const audit = await t.db.prisma.auditEvent.findFirst({
      where: { action: 'profile.update', target: user.id },
    });
    expect(audit?.actorId).toBe(user.id);
  });

  it('keeps names per company: another company keeps its own', async () => {
    const { company, user, cookie } = await member();
    const other = await createCompany(t);
    await t.db.prisma.userPreference.create({
      data: { userId: user.id, companyId: other.id, fname: 'Other', lname: 'Names' },
    });
    await update(cookie, { dis: 'X', fname: 'Here', lname: 'Only' });
    const prefs = await t.db.prisma.userPreference.findMany({
      where: { userId: user.id },
      orderBy: { fname: 'asc' },
    });
    expect(prefs.map((p) => [p.companyId, p.fname])).toEqual([
      [company.id, 'Here'],
      [other.id, 'Other'],
    ]);
  });

  it.each([
    ['a missing field', { dis: 'A', fname: 'B' }],
    ['an empty display name', { dis: '   ', fname: 'B', lname: 'C' }],
    ['a wrong type', { dis: 42, fname: 'B', lname: 'C' }],
    ['an over-long name', { dis: 'A', fname: 'x'.repeat(101), lname: 'C' }],
    ['an extra field', { dis: 'A', fname: 'B', lname: 'C', userid: 'someone-else' }],
  ])('refuses %s with incomplete_param and changes nothing', async (_, payload) => {
    const { user, cookie } = await member();
    const res = await update(cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().Code).toBe('incomplete_param');
    const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.displayName).toBe('Old Name');
  });

  it('refuses a caller without a session', async () => {
    const res = await update(undefined, { dis: 'A', fname: 'B', lname: 'C' });
    expect(res.statusCode).toBe(401);
    expect(res.json().Code).toBe('auth_invalid');
  });

  it('uploads the own avatar, answers its URL and records it', async () => {
    const { user, cookie } = await member();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/profile/upload',
      headers: { cookie },
      payload: uploadForm(tinyJpeg(), { type: 'image/jpeg', filename: 'me.jpg' }),
    });
    expect(res.statusCode).toBe(200);
    const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(res.json().Msg).toBe(`http://localhost:1234/v1/files/${row.avatarId}`);
    const audit = await t.db.prisma.auditEvent.findFirstOrThrow({
      where: { action: 'profile.avatar', target: user.id },
    });
    expect(audit.details).toMatchObject({ image: row.avatarId, type: 'image/jpeg' });
  });
});
