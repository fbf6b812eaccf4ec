import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@portico/db';
import type { TestDatabase } from '@portico/db/testing';
import { createTestDatabase } from '@portico/db/testing';
import { hashSecret } from '../credentials/argon2.js';
import { sha256 } from '../credentials/tokens.js';

/**
 * The break-glass CLI as an operator runs it (`pnpm admin:unlock`, `pnpm admin:reset-password`),
 * in a process of its own, on PostgreSQL and on the embedded database.
 */
const apiRoot = fileURLToPath(new URL('../..', import.meta.url));
const tsx = path.join(apiRoot, 'node_modules', '.bin', 'tsx');
const cli = path.join(apiRoot, 'src', 'break-glass', 'cli.ts');
const PUBLIC_URL = 'https://portal.example.test';

async function run(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await promisify(execFile)(tsx, [cli, ...args], {
      env: { ...process.env, NODE_ENV: 'test', PUBLIC_URL, ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

type Prisma = TestDatabase['db']['prisma'];

/** A locked-out platform-style account: blocked, counts full, a timed lock, a live session. */
async function lockedOutAccount(prisma: Prisma, username: string) {
  const user = await prisma.user.create({
    data: {
      username,
      email: `${username}@example.test`,
      displayName: 'Locked Out',
      passwordHash: await hashSecret('Forgotten1'),
      status: 'blocked',
      failedLoginCount: 5,
      lockedUntil: new Date(Date.now() + 10 * 60_000),
    },
  });
  await prisma.pin.create({ data: { userId: user.id, hash: 'unused', failedCount: 5 } });
  return user;
}

describe('break-glass CLI on PostgreSQL', () => {
  let database: TestDatabase;
  let prisma: Prisma;
  let env: Record<string, string>;
  beforeAll(async () => {
    database = await createTestDatabase();
    if (database.kind !== 'postgres' || !database.url) {
      throw new Error('the break-glass test needs PostgreSQL (TEST_DATABASE_URL)');
    }
    prisma = database.db.prisma;
    env = { DATABASE_URL: database.url };
  });
  afterAll(() => database.drop());

  it('admin:unlock lifts the block, the timed lock and both counts, audited', async () => {
    const user = await lockedOutAccount(prisma, 'locked_admin');
    const result = await run(['unlock', 'Locked_Admin'], env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('locked_admin is unlocked (status active)');
    expect(await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      status: 'active',
      failedLoginCount: 0,
      lockedUntil: null,
    });
    expect((await prisma.pin.findUniqueOrThrow({ where: { userId: user.id } })).failedCount).toBe(
      0,
    );
    const audit = await prisma.auditEvent.findFirstOrThrow({
      where: { action: 'account.unlocked', target: user.id },
    });
    expect(audit).toMatchObject({
      actorId: null,
      details: { via: 'cli', previousStatus: 'blocked' },
    });
  });

  it('admin:reset-password prints a one-time link and the account awaits the reset', async () => {
    const user = await lockedOutAccount(prisma, 'forgot_admin');
    const result = await run(['reset-password', 'forgot_admin'], env);
    expect(result.code).toBe(0);
    const link = /(https:\/\/\S+\/reset\?code=[\w-]+)/.exec(result.stdout)?.[1];
    expect(link).toBeDefined();
    const code = new URL(link as string).searchParams.get('code') as string;
    expect(new URL(link as string).origin).toBe(PUBLIC_URL);
    const token = await prisma.passwordResetToken.findFirstOrThrow({
      where: { userId: user.id },
    });
    expect(token).toMatchObject({ tokenHash: sha256(code), reason: 'admin', usedAt: null });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).status).toBe(
      'awaiting_reset',
    );
    const audit = await prisma.auditEvent.findFirstOrThrow({
      where: { action: 'user.password.reset', target: user.id },
    });
    expect(JSON.stringify(audit.details)).not.toContain(code);
  });

  it('refuses an unknown account and a wrong command, changing nothing', async () => {
    const before = await prisma.auditEvent.count();
    const unknown = await run(['unlock', 'nobody_here'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no account is named nobody_here');
    const wrong = await run(['delete', 'locked_admin'], env);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('usage:');
    expect(await prisma.auditEvent.count()).toBe(before);
  });
});

describe('break-glass CLI on the embedded database', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portico-break-glass-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('admin:unlock works on DATA_DIR', async () => {
    // The server is stopped (PGlite is one process's at a time): made, then closed.
    const db = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    await db.migrate();
    const user = await lockedOutAccount(db.prisma, 'embedded_admin');
    await db.close();

    const result = await run(['unlock', 'embedded_admin'], { DATA_DIR: dataDir });
    expect(result.code).toBe(0);

    const reopened = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      expect(
        await reopened.prisma.user.findUniqueOrThrow({ where: { id: user.id } }),
      ).toMatchObject({ status: 'active', lockedUntil: null });
    } finally {
      await reopened.close();
    }
  });
});
