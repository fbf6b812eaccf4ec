import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDatabase } from '@portico/db';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import type { MailPeer } from '../../test/mail-peer.js';
import { startMailPeer } from '../../test/mail-peer.js';
import {
  bootstrapPlatform,
  createApp,
  createCompany,
  grantAccess,
  openTestSession,
  signedInMember,
} from '../../test/factories.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db.js';
import { PORTAL_CLIENT_ID } from '@portico/contracts';

type Member = Awaited<ReturnType<typeof signedInMember>>;

const PUBLIC_URL = 'https://portal.example.test';

/**
 * Each replica keeps the profile the session check reads beside a session (read-session.ts).
 * Here replica B has read a session (so keeps its profile), replica A (another process's app on
 * the same database) changes something, and B's very next request must see it: revocations
 * (sign-out, access removal, a blocked device, a password reset) and every part of the answer
 * (roles, role names, names, factors, company, client settings). On PGlite there is one
 * process: B is A, which still checks the kept profile against the triggers' counters.
 */
describe('kept session profiles, changed on another replica', () => {
  let t: TestApp;
  let peer: MailPeer;
  let replica: FastifyInstance;
  let replicaDb: Database | undefined;
  let replicaDataDir: string | undefined;
  let companyId: string;
  let appId: string;
  let owner: Member;

  beforeAll(async () => {
    peer = await startMailPeer();
    // One key secret for both replicas: they share the OpenID Provider's sealed keys.
    const settings = {
      SMTP_URL: peer.url,
      PUBLIC_URL,
      OIDC_KEY_SECRET: randomBytes(32).toString('base64url'),
    };
    t = await startTestApp(settings);
    await bootstrapPlatform(t);
    if (t.url) {
      replicaDb = await openDatabase({ url: t.url, poolSize: 2 });
      replicaDataDir = mkdtempSync(path.join(tmpdir(), 'portico-replica-'));
      const config = loadConfig({
        NODE_ENV: 'test',
        SERVE_PORTAL: 'false',
        DATA_DIR: replicaDataDir,
        ...settings,
      });
      replica = await buildApp({ config, db: replicaDb, logger: false });
      await replica.ready();
    } else {
      replica = t.app;
    }
    companyId = (await createCompany(t, { name: 'Before Rename' })).id;
    appId = (await createApp(t, { name: 'Deposits', roles: ['viewer', 'editor'] })).id;
    owner = await signedInMember(t, companyId, ['owner']);
  });
  afterAll(async () => {
    if (replica !== t.app) await replica.close();
    await replicaDb?.close();
    if (replicaDataDir) rmSync(replicaDataDir, { recursive: true, force: true });
    await t.close();
    await peer.close();
  });

  /** auth.details on replica B. */
  const detailsOnB = async (cookie: string) =>
    (await replica.inject({ method: 'GET', url: '/v1/auth/details', headers: { cookie } })).json();
  /** A call on replica A. */
  const onA = (url: string, cookie: string, payload: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

  /** A member of the company with a session there, already read (and kept) by replica B. */
  async function memberKeptOnB(roles: string[] = []): Promise<Member> {
    const member = await signedInMember(t, companyId, roles);
    expect(await detailsOnB(member.session.cookie)).toMatchObject({ Code: '200' });
    expect(await detailsOnB(member.session.cookie)).toMatchObject({ Code: '200' });
    return member;
  }

  it('a sign-out on A ends the session on B at once', async () => {
    const member = await memberKeptOnB();
    expect((await onA('/v1/auth/signout', member.session.cookie)).json()).toMatchObject({
      Code: '200',
    });
    expect(await detailsOnB(member.session.cookie)).toMatchObject({ Code: 'session_invalid' });
  });

  it("removing the member's access on A ends the session on B at once", async () => {
    const member = await memberKeptOnB();
    const res = await onA('/v1/user/company/remove', owner.session.cookie, {
      email: member.email,
    });
    expect(res.json()).toMatchObject({ Code: '200' });
    expect(await detailsOnB(member.session.cookie)).toMatchObject({ Code: 'session_invalid' });
  });

  it('blocking the device on A ends its session on B at once', async () => {
    const member = await memberKeptOnB();
    // The member blocks the device of the kept session from another of their sessions.
    const other = await openTestSession(t, member, { companyId });
    const res = await onA('/v1/devices/status', other.cookie, {
      id: member.session.deviceId,
      status: 'blocked',
    });
    expect(res.json()).toMatchObject({ Code: '200' });
    expect(await detailsOnB(member.session.cookie)).toMatchObject({ Code: 'session_invalid' });
  });

  it("an administrator's password reset on A ends the session on B at once", async () => {
    const member = await memberKeptOnB();
    const res = await onA('/v1/users/reset', owner.session.cookie, { username: member.username });
    expect(res.json()).toMatchObject({ Code: '200' });
    await peer.nextMailTo(member.email);
    expect(await detailsOnB(member.session.cookie)).toMatchObject({ Code: 'session_invalid' });
  });

  it('roles changed on A are what B answers and enforces next', async () => {
    const member = await memberKeptOnB(['admin']);
    // B lets the admin list the company's users.
    const list = () =>
      replica.inject({
        method: 'POST',
        url: '/v1/users',
        headers: { cookie: member.session.cookie },
        payload: { offset: 0 },
      });
    expect((await list()).json()).toMatchObject({ Code: '200' });
    // A takes the admin role away and grants an application role (straight in the database,
    // as any path would: the triggers see every writer).
    const access = await t.db.prisma.access.findFirstOrThrow({
      where: { companyId, userId: member.id, appId: 'global' },
    });
    await t.db.prisma.accessRole.deleteMany({ where: { accessId: access.id } });
    await grantAccess(t, { companyId, appId, user: member, roles: ['editor'] });
    const details = await detailsOnB(member.session.cookie);
    expect(details.Msg.roles).toEqual([`${appId}.editor`]);
    expect(details.Msg.role_names).toEqual({ [`${appId}.editor`]: 'editor' });
    expect((await list()).json()).toMatchObject({ Code: 'forbidden' });
  });

  it("a role's new name on A is B's next answer", async () => {
    const member = await memberKeptOnB();
    await grantAccess(t, { companyId, appId, user: member, roles: ['viewer'] });
    expect((await detailsOnB(member.session.cookie)).Msg.role_names).toMatchObject({
      [`${appId}.viewer`]: 'viewer',
    });
    await t.db.prisma.role.update({
      where: { appId_id: { appId, id: 'viewer' } },
      data: { name: 'Read only' },
    });
    expect((await detailsOnB(member.session.cookie)).Msg.role_names).toMatchObject({
      [`${appId}.viewer`]: 'Read only',
    });
  });

  it('names changed on A are B’s next answer', async () => {
    const member = await memberKeptOnB();
    const res = await onA('/v1/user/update', member.session.cookie, {
      dis: 'Renamed Person',
      fname: 'Ada',
      lname: 'Lovelace',
    });
    expect(res.json()).toMatchObject({ Code: '200' });
    expect((await detailsOnB(member.session.cookie)).Msg).toMatchObject({
      dis: 'Renamed Person',
      fname: 'Ada',
      lname: 'Lovelace',
    });
  });

  it('a factor set up or removed on A is B’s next answer', async () => {
    const member = await memberKeptOnB();
    expect((await detailsOnB(member.session.cookie)).Msg.has_pin_setup).toBe(false);
    await t.db.prisma.pin.create({ data: { userId: member.id, hash: 'x' } });
    expect((await detailsOnB(member.session.cookie)).Msg.has_pin_setup).toBe(true);
    await t.db.prisma.user.update({ where: { id: member.id }, data: { pinEnabled: true } });
    expect((await detailsOnB(member.session.cookie)).Msg.is_pin_enabled).toBe(true);
    await t.db.prisma.pin.delete({ where: { userId: member.id } });
    expect((await detailsOnB(member.session.cookie)).Msg.has_pin_setup).toBe(false);
  });

  it("the company's new name on A is B's next answer", async () => {
    const member = await memberKeptOnB();
    expect((await detailsOnB(member.session.cookie)).Msg.com.name).toBe('Before Rename');
    const res = await onA('/v1/com/update', owner.session.cookie, { name: 'After Rename' });
    expect(res.json()).toMatchObject({ Code: '200' });
    expect((await detailsOnB(member.session.cookie)).Msg.com.name).toBe('After Rename');
    await onA('/v1/com/update', owner.session.cookie, { name: 'Before Rename' });
  });

  it("the client's settings changed on A apply on B's next request", async () => {
    const member = await memberKeptOnB();
    expect((await detailsOnB(member.session.cookie)).Msg.allow_delete).toBe(false);
    await t.db.prisma.client.update({
      where: { id: PORTAL_CLIENT_ID },
      data: { allowDelete: true },
    });
    expect((await detailsOnB(member.session.cookie)).Msg.allow_delete).toBe(true);
    // A shorter activity timeout (the portal's is 15 minutes): the session, last seen two
    // minutes ago, is idle under it.
    await t.db.prisma.session.update({
      where: { id: member.session.id },
      data: { lastSeenAt: new Date(Date.now() - 120_000) },
    });
    await t.db.prisma.client.update({
      where: { id: PORTAL_CLIENT_ID },
      data: { sessionActivityTimeout: 60, allowDelete: false },
    });
    expect(await detailsOnB(member.session.cookie)).toMatchObject({ Code: 'session_expired' });
  });

  it('a company chosen on A is the company B answers next', async () => {
    const member = await memberKeptOnB();
    const second = await createCompany(t, { name: 'Second Company' });
    await grantAccess(t, { companyId: second.id, user: member, roles: [] });
    const res = await onA('/v1/session/com', member.session.cookie, { com: second.id });
    expect(res.json()).toMatchObject({ Code: '200' });
    expect((await detailsOnB(member.session.cookie)).Msg.com).toMatchObject({
      id: second.id,
      name: 'Second Company',
    });
  });

  it('what many sessions share raises only the stamps of the sessions it concerns', async () => {
    const stampOf = async (member: Member) =>
      (
        await t.db.prisma.session.findUniqueOrThrow({
          where: { id: member.session.id },
          select: { profileStamp: true },
        })
      ).profileStamp;
    const other = await createCompany(t, { name: 'Other Company' });
    const here = await memberKeptOnB();
    const elsewhere = await signedInMember(t, other.id, []);
    await grantAccess(t, { companyId, appId, user: here, roles: ['editor'] });
    const before = { here: await stampOf(here), elsewhere: await stampOf(elsewhere) };

    // Another company's new name: this company's session is left as it is.
    await t.db.prisma.company.update({ where: { id: other.id }, data: { name: 'Renamed' } });
    expect(await stampOf(here)).toBe(before.here);
    expect(await stampOf(elsewhere)).toBe(before.elsewhere + 1);

    // A role held here only: the holder's session here, not the other company's.
    await t.db.prisma.role.update({
      where: { appId_id: { appId, id: 'editor' } },
      data: { name: 'Writer' },
    });
    expect(await stampOf(here)).toBe(before.here + 1);
    expect(await stampOf(elsewhere)).toBe(before.elsewhere + 1);
    expect((await detailsOnB(here.session.cookie)).Msg.role_names).toMatchObject({
      [`${appId}.editor`]: 'Writer',
    });

    // Writing the same values again changes nothing, so nothing is raised.
    await t.db.prisma.company.update({ where: { id: other.id }, data: { name: 'Renamed' } });
    await t.db.prisma.role.update({
      where: { appId_id: { appId, id: 'editor' } },
      data: { name: 'Writer' },
    });
    expect(await stampOf(here)).toBe(before.here + 1);
    expect(await stampOf(elsewhere)).toBe(before.elsewhere + 1);
  });
});
