import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import type { MailPeer } from '../../test/mail-peer.js';
import { startMailPeer } from '../../test/mail-peer.js';
import {
  b64,
  bootstrapPlatform,
  createApp,
  createCompany,
  createUser,
  openTestSession,
  signedInMember,
  unique,
} from '../../test/factories.js';

let lastIp = 0;
const nextIp = () => `10.77.${Math.floor(++lastIp / 250)}.${lastIp % 250}`;

/**
 * Hostile registrations: links withdrawn, replaced, emptied or meant for another address, and
 * names taken in another form. A refusal creates no user and leaves the invitation as it was.
 */
describe('registration, hostile cases', () => {
  let t: TestApp;
  let peer: MailPeer;
  let platformAdmin: string;
  let companyId: string;
  let appId: string;
  let owner: string;
  beforeAll(async () => {
    peer = await startMailPeer();
    t = await startTestApp({ SMTP_URL: peer.url });
    const admin = await bootstrapPlatform(t);
    platformAdmin = (await openTestSession(t, admin, { companyId: PLATFORM_COMPANY_ID })).cookie;
    companyId = (await createCompany(t)).id;
    appId = (await createApp(t, { roles: ['viewer', 'editor'] })).id;
    owner = (await signedInMember(t, companyId, ['owner'])).session.cookie;
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const post = (cookie: string, url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload, remoteAddress: nextIp() });
  const register = (code: string, email: string, overrides: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/register',
      remoteAddress: nextIp(),
      payload: {
        uname: b64(unique('Hostile_')),
        pass: b64('Register1x'),
        mobile: b64('5550102030'),
        email: b64(email),
        displayName: 'Hostile',
        access: code,
        ...overrides,
      },
    });

  /** Invites through invites.send and answers the code of the mailed link. */
  async function invite(email: string, roles = ['viewer']) {
    const sent = await post(owner, '/v1/invite', {
      email: b64(email),
      roles: [{ app: appId, roles }],
    });
    expect(sent.statusCode).toBe(200);
    return codeOfMail(email.trim().toLowerCase());
  }
  async function codeOfMail(email: string) {
    const mail = await peer.nextMailTo(email);
    const link = new URL(/https?:\/\/\S+\/invite\?\S+/.exec(mail.text)?.[0] ?? '');
    return link.searchParams.get('code') ?? '';
  }
  const nothingFor = async (email: string) => {
    expect(await t.db.prisma.user.count({ where: { email } })).toBe(0);
    const rows = await t.db.prisma.access.findMany({ where: { email }, select: { status: true } });
    expect(rows.every((row) => row.status === 'pending')).toBe(true);
  };

  it('refuses a withdrawn invitation (access_not_found)', async () => {
    const email = `${unique('wd')}@example.test`;
    const code = await invite(email);
    expect((await post(owner, '/v1/invite/remove', { email, app: appId })).statusCode).toBe(200);
    const res = await register(code, email);
    expect(res.statusCode).toBe(403);
    expect(res.json().Code).toBe('access_not_found');
    await nothingFor(email);
  });

  it('refuses the previous link of a resent invitation, then accepts the new one once', async () => {
    const email = `${unique('rs')}@example.test`;
    const first = await invite(email);
    await t.db.prisma.access.updateMany({ where: { email }, data: { inviteSentAt: new Date(0) } });
    expect((await post(owner, '/v1/invite/resend', { email, app: appId })).statusCode).toBe(200);
    const second = await codeOfMail(email);
    expect((await register(first, email)).json().Code).toBe('access_not_found');
    await nothingFor(email);
    expect((await register(` ${second} `, email)).json().Code).toBe('200');
    expect((await register(second, email)).json().Code).toBe('verified');
    expect(await t.db.prisma.user.count({ where: { email } })).toBe(1);
  });

  it('refuses an invitation emptied by the removal of its only role, or of its company', async () => {
    const app = await createApp(t, { roles: ['temp'] });
    const email = `${unique('rr')}@example.test`;
    const sent = await post(owner, '/v1/invite', {
      email: b64(email),
      roles: [{ app: app.id, roles: ['temp'] }],
    });
    expect(sent.statusCode).toBe(200);
    const code = await codeOfMail(email);
    expect(
      (await post(platformAdmin, `/v1/roles/remove?id=temp&app=${app.id}`, {})).statusCode,
    ).toBe(200);
    expect((await register(code, email)).json().Code).toBe('access_not_found');
    await nothingFor(email);

    const doomed = await createCompany(t);
    const doomedOwner = (await signedInMember(t, doomed.id, ['owner'])).session.cookie;
    const other = `${unique('cr')}@example.test`;
    await post(doomedOwner, '/v1/invite', {
      email: b64(other),
      roles: [{ app: appId, roles: ['viewer'] }],
    });
    const otherCode = await codeOfMail(other);
    const removed = await post(platformAdmin, `/v1/coms/remove?id=${doomed.id}`, {});
    expect(removed.statusCode).toBe(200);
    expect((await register(otherCode, other)).json().Code).toBe('access_not_found');
    await nothingFor(other);
  });

  it.each([
    ['plus-addressing', (e: string) => e.replace('@', '+x@')],
    ['another domain', (e: string) => e.replace('example', 'examp1e')],
    ['a Cyrillic look-alike', (e: string) => e.replace('i', '\u0456')],
    ['a full-width @', (e: string) => e.replace('@', '\uff20')],
  ])('refuses the link for another address: %s', async (_, variant) => {
    const email = `${unique('inv')}@example.test`;
    const code = await invite(email);
    const res = await register(code, variant(email));
    expect(['access_not_found', 'incomplete_param']).toContain(res.json().Code);
    await nothingFor(email);
    await nothingFor(variant(email));
  });

  it('accepts the invited address in another case or with spaces, once', async () => {
    const email = `${unique('Case')}@Example.test`;
    const code = await invite(` ${email} `);
    const res = await register(code, `  ${email.toUpperCase()}  `);
    expect(res.json()).toEqual({ Code: '200', Msg: 'Registration successful' });
    expect(await t.db.prisma.user.count({ where: { email: email.toLowerCase() } })).toBe(1);
  });

  it('refuses a username taken in another case, and an e-mail taken in another case', async () => {
    const existing = await createUser(t, { username: unique('taken_') });
    const email = `${unique('nm')}@example.test`;
    const code = await invite(email);
    const res = await register(code, email, { uname: b64(existing.username.toUpperCase()) });
    expect(res.json().Code).toBe('user_already_enrolled');
    await nothingFor(email);

    const person = await createUser(t);
    const again = await invite(person.email.toUpperCase());
    expect((await register(again, person.email.toUpperCase())).json().Code).toBe(
      'email_already_inuse',
    );
    expect(await t.db.prisma.user.count({ where: { email: person.email } })).toBe(1);
  });
});
