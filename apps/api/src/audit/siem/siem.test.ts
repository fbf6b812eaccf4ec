import { createSocket } from 'node:dgram';
import type { Socket } from 'node:dgram';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_CLIENT_ID } from '@portico/contracts';
import type { TestApp } from '../../../test/harness.js';
import { startTestApp } from '../../../test/harness.js';
import { bootstrapPlatform, createUser } from '../../../test/factories.js';
import type { PlatformAdmin } from '../../../test/factories.js';
import { knownDevice, signInRequest } from '../../auth/sign-in.fixtures.js';
import { recordAudit } from '../record-audit.js';
import type { SiemRecord } from './record.js';
import { attachSiemSink } from './publish.js';

/**
 * Audit events reach the SIEM as JSON lines (docs/operations.md, "Security events"): in a real
 * file and to a real UDP syslog peer, each once its transaction committed, never when it rolled
 * back, and without the secrets of the request that caused it.
 */

const WRONG_PASSWORD = 'Wrong-Pass-4821';

function linesOf(file: string): SiemRecord[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SiemRecord);
}

describe('SIEM_LOG=file:<path>', () => {
  let t: TestApp;
  let dir: string;
  let file: string;
  let admin: PlatformAdmin;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'portico-siem-'));
    file = path.join(dir, 'nested', 'audit.jsonl');
    t = await startTestApp({ SIEM_LOG: `file:${file}` });
    admin = await bootstrapPlatform(t);
    await knownDevice(t, admin.id);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes each committed event once, in the documented shape, and no rolled-back one', async () => {
    const user = await createUser(t);
    const signedIn = await signInRequest(t, { uname: admin.username, pass: admin.password });
    expect(signedIn.json().Code).toBe('200');
    const refused = await signInRequest(t, { uname: user.username, pass: WRONG_PASSWORD });
    expect(refused.json().Code).not.toBe('200');
    await expect(
      t.db.prisma.$transaction(async (tx) => {
        await recordAudit(tx, { action: 'test.rolled_back', target: 'nobody' });
        throw new Error('the change is refused');
      }),
    ).rejects.toThrow('the change is refused');
    const trail = await t.db.prisma.auditEvent.findMany({
      orderBy: { id: 'asc' },
      select: { id: true, at: true },
    });
    // Closing the app flushes and closes the file.
    await t.app.close();

    const records = linesOf(file);
    // The trail and the file agree row for row (the bootstrap's event came first).
    expect(records.map((r) => r.id)).toEqual(trail.map((row) => String(row.id)));
    expect(records.map((r) => r.action)).toEqual([
      'platform.bootstrap',
      'auth.sign_in',
      'auth.sign_in_failed',
    ]);
    expect(records.some((r) => r.action === 'test.rolled_back')).toBe(false);

    const [, signIn, failed] = records;
    expect(signIn).toEqual({
      schema: 'portico.audit.v1',
      id: String(trail[1]?.id),
      time: trail[1]?.at.toISOString(),
      action: 'auth.sign_in',
      outcome: 'success',
      actor: admin.id,
      target: admin.id,
      company: null,
      client: PORTAL_CLIENT_ID,
      ip: expect.stringMatching(/^10\./),
      details: { method: 'password', session: expect.any(String), device: expect.any(String) },
    });
    expect(failed).toMatchObject({
      action: 'auth.sign_in_failed',
      outcome: 'failure',
      actor: user.id,
      details: { reason: expect.any(String), login: user.username.toLowerCase() },
    });
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(WRONG_PASSWORD);
    expect(text).not.toContain(admin.password);
  });
});

describe('secrets in the details', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(() => t.close());

  it('forwards no secret-named value, as audit.list shows none', async () => {
    // recordAudit's rule is that no caller records a secret; a caller that breaks it must not
    // send one out of the database either (audit-rows.ts redacts the same keys for the list).
    const written: SiemRecord[] = [];
    attachSiemSink(t.db.prisma, {
      write: (record) => written.push(record),
      close: () => Promise.resolve(),
    });
    await recordAudit(t.db.prisma, {
      action: 'test.careless',
      details: {
        password: 'Leaked-Pass-1',
        kept: 'shown',
        nested: [{ code: '493817', Token: 'tok_leaked' }],
      },
    });
    expect(written).toHaveLength(1);
    expect(written[0]?.details).toEqual({
      password: '[redacted]',
      kept: 'shown',
      nested: [{ code: '[redacted]', Token: '[redacted]' }],
    });
    const line = JSON.stringify(written[0]);
    for (const secret of ['Leaked-Pass-1', '493817', 'tok_leaked']) {
      expect(line).not.toContain(secret);
    }
  });
});

describe('the order of commit and emission', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('emits an event only when its row is visible to everyone', async () => {
    // A sink that looks, at the moment it is written to, whether another connection sees the row.
    const checks: Promise<number>[] = [];
    const written: SiemRecord[] = [];
    attachSiemSink(t.db.prisma, {
      write(record) {
        written.push(record);
        checks.push(
          t.db
            .query<{ n: number }>(
              'siem_visible',
              'SELECT count(*)::int AS n FROM audit_events WHERE id = $1',
              [record.id],
            )
            .then(([row]) => row?.n ?? 0),
        );
      },
      close: () => Promise.resolve(),
    });
    await t.db.prisma.$transaction(async (tx) => {
      await recordAudit(tx, { action: 'test.first', target: 'a' });
      await recordAudit(tx, { action: 'test.second', target: 'b' });
      expect(written).toEqual([]);
    });
    expect(written.map((r) => r.action)).toEqual(['test.first', 'test.second']);
    expect(await Promise.all(checks)).toEqual([1, 1]);
  });
});

describe('SIEM_LOG=syslog:<host>:<port>', () => {
  let t: TestApp;
  let peer: Socket;
  const datagrams: string[] = [];
  let arrived: () => void = () => {};
  beforeAll(async () => {
    peer = createSocket('udp4');
    peer.on('message', (message) => {
      datagrams.push(message.toString('utf8'));
      arrived();
    });
    await new Promise<void>((resolve) => peer.bind(0, '127.0.0.1', resolve));
    t = await startTestApp({ SIEM_LOG: `syslog:127.0.0.1:${peer.address().port}` });
    await bootstrapPlatform(t);
    datagrams.length = 0;
  });
  afterAll(async () => {
    await t.close();
    peer.close();
  });

  it('sends RFC 5424 messages over UDP, warning severity for refusals', async () => {
    const user = await createUser(t);
    const next = new Promise<void>((resolve) => (arrived = resolve));
    await signInRequest(t, { uname: user.username, pass: WRONG_PASSWORD });
    await next;
    const [message = ''] = datagrams;
    // <PRI>VERSION TIMESTAMP HOSTNAME APP-NAME PROCID MSGID SD MSG; authpriv (10) * 8 + warning (4).
    const match = /^<84>1 (\S+) (\S+) portico (\d+) auth\.sign_in_failed - (\{.*\})$/.exec(message);
    expect(match).not.toBeNull();
    const record = JSON.parse(match?.[4] ?? '{}') as SiemRecord;
    expect(record).toMatchObject({
      schema: 'portico.audit.v1',
      action: 'auth.sign_in_failed',
      outcome: 'failure',
      actor: user.id,
      time: match?.[1],
    });
    expect(message).not.toContain(WRONG_PASSWORD);
  });
});
