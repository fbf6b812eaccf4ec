import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import {
  createCompany,
  createUser,
  grantAccess,
  openTestSession,
  unique,
} from '../../test/factories.js';
import { signInRequest } from '../auth/sign-in.fixtures.js';
import { ERASED } from './erase-account.js';
import { deleteOwnAccount, startErasureApp } from './erasure.fixtures.js';

/**
 * What failed sign-ins with the person's e-mail leave behind must go with the account (found by
 * hostile testing): the sign-in keeps at most 64 characters of what was typed (audit target and
 * `details.login`, login_attempts.username), so a longer address is stored cut, and a sign-in
 * refused before the account was looked up (a bad client) records the address with no user.
 */
describe('erasing what failed sign-ins with the e-mail recorded', () => {
  let t: TestApp;
  let deletable: string;

  beforeAll(async () => {
    ({ t, deletable } = await startErasureApp());
  });
  afterAll(() => t.close());

  /** A member with `email`, who tries it once with a wrong password and once at a bad client. */
  async function triedByEmail(email: string) {
    const user = await createUser(t, { email });
    const company = await createCompany(t);
    await grantAccess(t, { companyId: company.id, user, roles: [] });
    const wrong = await signInRequest(t, { uname: email.toUpperCase(), pass: 'Wrong-pass-1' });
    expect(wrong.json().Code).toBe('account_failed');
    const badClient = await signInRequest(t, {
      uname: email,
      pass: user.password,
      client: unique('no-such-client'),
    });
    expect(badClient.json().Code).toBe('callback_invalid');
    const session = await openTestSession(t, user, { clientId: deletable, companyId: company.id });
    const res = await deleteOwnAccount(t, session.cookie, user.password);
    expect(res.json()).toMatchObject({ Code: '200' });
    return user;
  }

  /** Every audit event and sign-in attempt, as text. */
  async function traces(): Promise<string> {
    const events = await t.db.prisma.auditEvent.findMany();
    const attempts = await t.db.prisma.loginAttempt.findMany();
    return JSON.stringify([events, attempts], (_k, v: unknown) =>
      typeof v === 'bigint' ? String(v) : v,
    ).toLowerCase();
  }

  it('erases an e-mail of more than 64 characters, kept cut to 64', async () => {
    const email = `${unique('a-very-long-local-part-of-an-address-')}-padding@long-domain.example.test`;
    expect(email.length).toBeGreaterThan(64);
    await triedByEmail(email);
    const cut = email.toLowerCase().slice(0, 64);
    expect(await traces()).not.toContain(cut);
    const failed = await t.db.prisma.auditEvent.findMany({
      where: {
        action: 'auth.sign_in_failed',
        details: { path: ['reason'], equals: 'callback_invalid' },
      },
    });
    expect(failed.some((event) => event.target === ERASED)).toBe(true);
  });

  it('deletes the attempts recorded with the e-mail and no user', async () => {
    const email = `${unique('short')}@example.test`;
    await triedByEmail(email);
    expect(await t.db.prisma.loginAttempt.count({ where: { username: email } })).toBe(0);
    expect(await traces()).not.toContain(email);
  });

  it('leaves another account whose e-mail is exactly the cut one alone', async () => {
    const long = `${unique('bystander-address-that-is-long-enough-to-be-cut-')}@example.test.more`;
    const cut = long.slice(0, 64);
    // The other account's address is the 64 characters the sign-in keeps of the long one.
    const other = await createUser(t, { email: cut });
    const res = await signInRequest(t, { uname: other.email, pass: 'Wrong-pass-1' });
    expect(res.json().Code).toBe('account_failed');
    await triedByEmail(long);
    const kept = await t.db.prisma.auditEvent.findFirst({
      where: { actorId: other.id, action: 'auth.sign_in_failed' },
    });
    expect(kept?.details).toMatchObject({ login: cut });
  });
});
