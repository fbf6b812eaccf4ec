import { createHash } from 'node:crypto';
import type pg from 'pg';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
// The server's own hashing, so a seeded password is verified as one set through the API.
import { hashSecret } from '@portico/api/dist/credentials/argon2.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** An application with a Web client whose secret the test knows, for the code exchange. */
export const CLIENT_APP = { app: 'replicas-app', role: 'viewer', client: 'replicas-client' };
export const CLIENT_SECRET = 'replicas-client-secret-0123456789abcdef';
export const CLIENT_REDIRECT = 'http://localhost:9/callback';

export interface SeededUser {
  id: string;
  username: string;
  email: string;
  password: string;
}

/** The application, its role and client (written once the replicas bootstrapped core1). */
export async function seedClientApp(sql: pg.Pool): Promise<void> {
  await sql.query(`INSERT INTO applications (id, name, status) VALUES ($1, 'Replicas App', 3)`, [
    CLIENT_APP.app,
  ]);
  await sql.query(`INSERT INTO roles (app_id, id, name) VALUES ($1, $2, 'Viewer')`, [
    CLIENT_APP.app,
    CLIENT_APP.role,
  ]);
  await sql.query(
    `INSERT INTO clients (id, app_id, secret_hash, secret_mask, description, redirect, platform)
     VALUES ($1, $2, $3, 'rep...def', 'Replicas test client', $4, 'web')`,
    [CLIENT_APP.client, CLIENT_APP.app, sha256(CLIENT_SECRET), CLIENT_REDIRECT],
  );
}

/**
 * Users with verified access (role viewer) to the application in core1; with `device`, a
 * verified device of that fingerprint too (the load's users sign in without a mailed code).
 */
export async function seedUsers(
  sql: pg.Pool,
  prefix: string,
  count: number,
  device?: string,
): Promise<SeededUser[]> {
  const password = `${prefix}-Pass-1`;
  const hash = await hashSecret(password);
  const users: SeededUser[] = [];
  for (let i = 0; i < count; i += 1) {
    const username = `${prefix}_${i}`;
    const email = `${username}@replicas.test`;
    const {
      rows: [user],
    } = await sql.query<{ id: string }>(
      `INSERT INTO users (id, username, email, display_name, password_hash)
       VALUES (gen_random_uuid()::text, $1, $2, $3, $4) RETURNING id`,
      [username, email, `Replica User ${i}`, hash],
    );
    const {
      rows: [access],
    } = await sql.query<{ id: string }>(
      `INSERT INTO access (id, company_id, app_id, email, user_id, status, accepted_at)
       VALUES (gen_random_uuid()::text, $1, $2, $3, $4, 'verified', now()) RETURNING id`,
      [PLATFORM_COMPANY_ID, CLIENT_APP.app, email, user!.id],
    );
    await sql.query(`INSERT INTO access_roles (access_id, app_id, role_id) VALUES ($1, $2, $3)`, [
      access!.id,
      CLIENT_APP.app,
      CLIENT_APP.role,
    ]);
    if (device) {
      await sql.query(
        `INSERT INTO devices (id, user_id, fingerprint_hash, name, type, verified_at)
         VALUES (gen_random_uuid()::text, $1, $2, 'Chrome on Linux', 'desktop', now())`,
        [user!.id, sha256(device)],
      );
    }
    users.push({ id: user!.id, username, email, password });
  }
  return users;
}
