import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  bootstrapPlatform,
  createApp,
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
  signedInMember,
} from '../../test/factories.js';
import { tinyGif, tinyPng, uploadForm } from '../files/test-images.js';

describe('own company', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
  });
  afterAll(() => t.close());

  const get = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/v1/com/details', headers: { cookie } });
  const rename = (cookie: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/com/update',
      headers: { cookie },
      payload: payload as Record<string, unknown>,
    });
  const uploadImage = (cookie: string, form: FormData) =>
    t.app.inject({ method: 'POST', url: '/v1/com/img', headers: { cookie }, payload: form });

  /** A member holding only an application role: no company-level role. */
  async function plainMember(companyId: string) {
    const app = await createApp(t);
    const user = await createUser(t);
    await grantAccess(t, { companyId, appId: app.id, user, roles: ['viewer'] });
    return { ...user, session: await openTestSession(t, user, { companyId }) };
  }

  it('answers the current company with its owner display name', async () => {
    const company = await createCompany(t, { name: 'Acme Bank' });
    const owner = await createUser(t, { displayName: 'Olivia Owner' });
    await grantAccess(t, { companyId: company.id, user: owner, roles: ['owner'] });
    const member = await plainMember(company.id);
    const res = await get(member.session.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().Msg).toEqual({
      id: company.id,
      name: 'Acme Bank',
      img: '',
      owner: 'Olivia Owner',
      second_factor_required: false,
    });
  });

  it("shows the invited owner's e-mail while the invitation is pending, '' when none", async () => {
    const company = await createCompany(t);
    const member = await plainMember(company.id);
    expect((await get(member.session.cookie)).json().Msg.owner).toBe('');
    await grantAccess(t, {
      companyId: company.id,
      email: 'future.owner@example.test',
      roles: ['owner'],
      status: 'pending',
    });
    expect((await get(member.session.cookie)).json().Msg.owner).toBe('future.owner@example.test');
  });

  it('answers not_found for a session without a current company', async () => {
    const user = await createUser(t);
    const session = await openTestSession(t, user, { companyId: null });
    const res = await get(session.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().Code).toBe('not_found');
  });

  it.each([['owner'], ['admin']])('lets a company %s rename the current company', async (role) => {
    const company = await createCompany(t, { name: 'Before' });
    const admin = await signedInMember(t, company.id, [role]);
    const res = await rename(admin.session.cookie, { name: '  After  ' });
    expect(res.statusCode).toBe(200);
    const row = await t.db.prisma.company.findUniqueOrThrow({ where: { id: company.id } });
    expect(row.name).toBe('After');
    const audit = await t.db.prisma.auditEvent.findFirstOrThrow({
      where: { action: 'company.profile_update', target: `company:${company.id}` },
    });
    expect(audit.actorId).toBe(admin.id);
  });

  it('refuses a plain member: forbidden, name and image unchanged', async () => {
    const company = await createCompany(t, { name: 'Unchanged' });
    const member = await plainMember(company.id);
    const res = await rename(member.session.cookie, { name: 'Hijacked' });
    expect(res.statusCode).toBe(403);
    expect(res.json().Code).toBe('forbidden');
    const upload = await uploadImage(member.session.cookie, uploadForm(tinyPng()));
    expect(upload.json().Code).toBe('forbidden');
    const row = await t.db.prisma.company.findUniqueOrThrow({ where: { id: company.id } });
    expect(row).toMatchObject({ name: 'Unchanged', imageId: null });
  });

  it("acts on the session's company only: an admin elsewhere cannot touch this one", async () => {
    const mine = await createCompany(t, { name: 'Mine' });
    const theirs = await createCompany(t, { name: 'Theirs' });
    const admin = await signedInMember(t, mine.id, ['admin']);
    await rename(admin.session.cookie, { name: 'Renamed' });
    expect((await t.db.prisma.company.findUniqueOrThrow({ where: { id: theirs.id } })).name).toBe(
      'Theirs',
    );
    expect((await t.db.prisma.company.findUniqueOrThrow({ where: { id: mine.id } })).name).toBe(
      'Renamed',
    );
  });

  it.each([
    ['a missing name', {}],
    ['an empty name', { name: '  ' }],
    ['a wrong type', { name: ['x'] }],
    ['an over-long name', { name: 'x'.repeat(101) }],
    ['an extra field', { name: 'Ok', id: 'core1' }],
  ])('refuses %s with incomplete_param', async (_, payload) => {
    const company = await createCompany(t, { name: 'Same' });
    const admin = await signedInMember(t, company.id, ['owner']);
    const res = await rename(admin.session.cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().Code).toBe('incomplete_param');
    expect((await t.db.prisma.company.findUniqueOrThrow({ where: { id: company.id } })).name).toBe(
      'Same',
    );
  });

  it('uploads the company image, replaces it, and details show the new URL', async () => {
    const company = await createCompany(t);
    const admin = await signedInMember(t, company.id, ['admin']);
    const first = await uploadImage(admin.session.cookie, uploadForm(tinyPng()));
    expect(first.statusCode).toBe(200);
    const firstId = (await t.db.prisma.company.findUniqueOrThrow({ where: { id: company.id } }))
      .imageId;
    expect(first.json().Msg).toBe(`http://localhost:1234/v1/files/${firstId}`);

    const second = await uploadImage(
      admin.session.cookie,
      uploadForm(tinyGif(), { type: 'image/gif' }),
    );
    const details = await get(admin.session.cookie);
    expect(details.json().Msg.img).toBe(second.json().Msg);
    expect(await t.db.prisma.storedImage.findUnique({ where: { id: firstId ?? '' } })).toBeNull();
  });

  it('refuses an image bomb as the company image with image_too_large', async () => {
    const company = await createCompany(t);
    const admin = await signedInMember(t, company.id, ['owner']);
    const res = await uploadImage(
      admin.session.cookie,
      uploadForm(tinyPng({ width: 100_000, height: 100_000 })),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().Code).toBe('image_too_large');
    expect(
      (await t.db.prisma.company.findUniqueOrThrow({ where: { id: company.id } })).imageId,
    ).toBeNull();
  });

  it('refuses a non-image company image with unsupported_media_type', async () => {
    const company = await createCompany(t);
    const admin = await signedInMember(t, company.id, ['owner']);
    const res = await uploadImage(
      admin.session.cookie,
      uploadForm(Buffer.from('GIF8 but not really'), { type: 'image/gif', filename: 'x.gif' }),
    );
    expect(res.statusCode).toBe(415);
    expect(
      (await t.db.prisma.company.findUniqueOrThrow({ where: { id: company.id } })).imageId,
    ).toBeNull();
  });
});
