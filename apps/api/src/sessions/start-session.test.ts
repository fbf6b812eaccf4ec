import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  bootstrapPlatform,
  createApp,
  createClient,
  createUser,
  openTestSession,
} from '../../test/factories.js';
import { sha256 } from '../credentials/tokens.js';
import { uuidv7 } from './session-id.js';
import type { SessionOpening, SessionStatementRow } from './start-session.js';
import { startSessionStatement } from './start-session.js';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('session ids', () => {
  it('are UUID version 7 carrying the time, in creation order', () => {
    const at = Date.UTC(2026, 10, 21, 9, 30);
    const id = uuidv7(at);
    expect(id).toMatch(UUID_V7);
    expect(parseInt(id.replaceAll('-', '').slice(0, 12), 16)).toBe(at);
    expect(uuidv7(at + 1) > id).toBe(true);
    expect(uuidv7(at)).not.toBe(id);
  });
});

/**
 * The sign-in's writes as one statement, in each of its shapes (a replaced session, the client's
 * single-session rule, the attempt row), against the real database.
 */
describe('the session start statement', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await bootstrapPlatform(t);
  });
  afterAll(() => t.close());

  async function start(opening: SessionOpening) {
    const statement = startSessionStatement(opening);
    const rows = await t.db.query<SessionStatementRow>(
      statement.name,
      statement.text,
      statement.values,
    );
    const session = await t.db.prisma.session.findUniqueOrThrow({
      where: { tokenHash: sha256(statement.token) },
    });
    return { rows, session, token: statement.token };
  }

  it('opens a session, records the sign-in and the attempt, and ends nothing else', async () => {
    const user = await createUser(t);
    const other = await openTestSession(t, user);
    const device = await t.db.prisma.device.findUniqueOrThrow({ where: { id: other.deviceId } });
    const client = await t.db.prisma.client.findUniqueOrThrow({ where: { id: 'portico-portal' } });
    const { rows, session } = await start({
      userId: user.id,
      client,
      deviceId: device.id,
      ip: '10.1.2.3',
      userAgent: 'x'.repeat(600),
      needsConfirmation: false,
      method: 'password',
      attempt: { ip: '10.1.2.3', username: user.username },
    });
    expect(rows).toEqual([
      {
        failed_login_count: 0,
        audit_id: expect.anything(),
        audit_at: expect.any(Date),
        device_active: true,
      },
    ]);
    // An int8: pg gives it as a string, PGlite as a number; the product reads it with String().
    expect(String(rows[0]?.audit_id)).toMatch(/^[1-9][0-9]*$/);
    expect(session.id).toMatch(UUID_V7);
    expect(session).toMatchObject({
      userId: user.id,
      clientId: client.id,
      deviceId: device.id,
      currentCompanyId: null,
      ip: '10.1.2.3',
      endedAt: null,
    });
    expect(session.userAgent).toHaveLength(512);
    expect(session.expiresAt.getTime() - session.lastSeenAt.getTime()).toBe(
      client.sessionTtl * 1000,
    );
    // The portal client allows several sessions: the other one stays live.
    const before = await t.db.prisma.session.findUniqueOrThrow({ where: { id: other.id } });
    expect(before.endedAt).toBeNull();

    const audit = await t.db.prisma.auditEvent.findMany({
      where: { actorId: user.id, action: 'auth.sign_in' },
    });
    // The row answers the audit event's id and time (for the SIEM, audit/siem/publish.ts).
    expect(audit).toMatchObject([
      {
        id: BigInt(String(rows[0]?.audit_id)),
        at: rows[0]?.audit_at,
        clientId: client.id,
        ip: '10.1.2.3',
        target: user.id,
        details: { method: 'password', session: session.id, device: device.id },
      },
    ]);
    const attempts = await t.db.prisma.loginAttempt.findMany({ where: { userId: user.id } });
    expect(attempts).toMatchObject([
      { ip: '10.1.2.3', username: user.username, clientId: client.id, success: true },
    ]);
    const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.lastLoginAt?.getTime()).toBe(session.lastSeenAt.getTime());
    const used = await t.db.prisma.device.findUniqueOrThrow({ where: { id: device.id } });
    expect(used.lastAccessedAt.getTime()).toBe(session.lastSeenAt.getTime());
  });

  it('ends the replaced session and, on a single-session client, the others there (superseded on other devices)', async () => {
    const app = await createApp(t);
    const single = await createClient(t, { appId: app.id, allowMultipleSessions: false });
    const user = await createUser(t);
    const replaced = await openTestSession(t, user); // the portal's, as an auto-login continues
    const sameClient = await openTestSession(t, user, { clientId: single.id });
    const otherUser = await createUser(t);
    const untouched = await openTestSession(t, otherUser, { clientId: single.id });
    const { session } = await start({
      userId: user.id,
      client: single,
      deviceId: replaced.deviceId,
      ip: '10.1.2.4',
      userAgent: undefined,
      needsConfirmation: true,
      method: 'autologin',
      replacesSessionId: replaced.id,
    });
    const ended = await t.db.prisma.session.findMany({
      where: { id: { in: [replaced.id, sameClient.id] } },
    });
    expect(ended.every((s) => s.endedAt !== null)).toBe(true);
    // The session this device continues is replaced; the one on another device is over.
    expect(sameClient.deviceId).not.toBe(replaced.deviceId);
    const reasonOf = (id: string) => ended.find((s) => s.id === id)?.endReason;
    expect(reasonOf(replaced.id)).toBe('replaced');
    expect(reasonOf(sameClient.id)).toBe('superseded');
    const live = await t.db.prisma.session.findUniqueOrThrow({ where: { id: untouched.id } });
    expect(live.endedAt).toBeNull();
    // Opened for the confirmation step: idle from the start; no attempt row without one.
    expect(session).toMatchObject({ endedAt: null, userAgent: null });
    expect(session.lastSeenAt.getTime()).toBe(0);
    expect(await t.db.prisma.loginAttempt.count({ where: { userId: user.id } })).toBe(0);
  });

  it('writes nothing for an account no longer active, nor for an auto-login whose session ended', async () => {
    const user = await createUser(t);
    const cookie = await openTestSession(t, user);
    const client = await t.db.prisma.client.findUniqueOrThrow({ where: { id: 'portico-portal' } });
    const opening: SessionOpening = {
      userId: user.id,
      client,
      deviceId: cookie.deviceId,
      ip: '10.1.2.6',
      userAgent: undefined,
      needsConfirmation: false,
      method: 'autologin',
      replacesSessionId: cookie.id,
    };
    const run = async () => {
      const statement = startSessionStatement(opening);
      const rows = await t.db.query<SessionStatementRow>(
        statement.name,
        statement.text,
        statement.values,
      );
      const opened = await t.db.prisma.session.count({
        where: { tokenHash: sha256(statement.token) },
      });
      return { row: rows[0], opened };
    };
    await t.db.prisma.user.update({ where: { id: user.id }, data: { status: 'awaiting_reset' } });
    expect(await run()).toEqual({
      row: {
        failed_login_count: null,
        audit_id: null,
        audit_at: null,
        device_active: null,
        replaced_live: null,
        expires_at: null,
      },
      opened: 0,
    });
    await t.db.prisma.user.update({ where: { id: user.id }, data: { status: 'active' } });
    await t.db.prisma.session.update({
      where: { id: cookie.id },
      data: { endedAt: new Date(), endReason: 'signed_out' },
    });
    expect(await run()).toEqual({
      row: {
        failed_login_count: 0,
        audit_id: null,
        audit_at: null,
        device_active: true,
        replaced_live: false,
        expires_at: null,
      },
      opened: 0,
    });
    expect(
      await t.db.prisma.auditEvent.count({ where: { actorId: user.id, action: 'auth.sign_in' } }),
    ).toBe(0);
    const ended = await t.db.prisma.session.findUniqueOrThrow({ where: { id: cookie.id } });
    expect(ended.endReason).toBe('signed_out');
  });

  it('runs inside an open transaction and rolls back with it', async () => {
    const user = await createUser(t);
    const other = await openTestSession(t, user);
    const client = await t.db.prisma.client.findUniqueOrThrow({ where: { id: 'portico-portal' } });
    const statement = startSessionStatement({
      userId: user.id,
      client,
      deviceId: other.deviceId,
      ip: '10.1.2.5',
      userAgent: undefined,
      needsConfirmation: false,
      method: 'device_code',
    });
    await expect(
      t.db.prisma.$transaction(async () => {
        await t.db.query(statement.name, statement.text, statement.values);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await t.db.prisma.session.count({ where: { tokenHash: sha256(statement.token) } })).toBe(
      0,
    );
    expect(
      await t.db.prisma.auditEvent.count({ where: { actorId: user.id, action: 'auth.sign_in' } }),
    ).toBe(0);
  });
});
