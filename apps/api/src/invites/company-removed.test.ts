import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { locksWaiting } from '../../test/row-lock.js';
import type { MailPeer } from '../../test/mail-peer.js';
import { startMailPeer } from '../../test/mail-peer.js';
import {
  b64,
  bootstrapPlatform,
  createApp,
  createCompany,
  openTestSession,
  signedInMember,
  unique,
} from '../../test/factories.js';

/**
 * A company removed by the platform while its administrator invites someone to it: the
 * invitation passed the session check before the removal, and waits on the invitee's lock
 * (held by the test) while the removal commits. It must answer a catalogue code (forbidden, as
 * company.update does for a vanished company), not a 500, and send no mail.
 */
describe('a company removed while its administrator invites someone', () => {
  let t: TestApp;
  let peer: MailPeer;
  let platformAdmin: string;
  let appId: string;
  beforeAll(async () => {
    peer = await startMailPeer();
    t = await startTestApp({ SMTP_URL: peer.url });
    const root = await bootstrapPlatform(t);
    platformAdmin = (await openTestSession(t, root, { companyId: PLATFORM_COMPANY_ID })).cookie;
    appId = (await createApp(t)).id;
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const waiting = () => locksWaiting(t);

  /** Runs `call` while the person lock of `email` in `companyId` is held, and removes the company. */
  async function raceRemoval<T>(companyId: string, email: string, call: () => Promise<T>) {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.db.prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`access:${companyId}:${email}`}, 0))`;
        locked();
        await held;
      },
      { timeout: 20_000 },
    );
    await isLocked;
    const answer = call();
    await expect.poll(waiting).toBe(1);
    const removed = await t.app.inject({
      method: 'POST',
      url: `/v1/coms/remove?id=${companyId}`,
      headers: { cookie: platformAdmin },
      payload: {},
    });
    expect(removed.json().Code).toBe('200');
    release();
    await holder;
    return answer;
  }

  it('an invitation answers forbidden and mails nothing', async () => {
    const company = await createCompany(t);
    const admin = await signedInMember(t, company.id, ['admin']);
    const email = `${unique('inv')}@example.test`;
    const sent = peer.messages.length;
    const res = await raceRemoval(company.id, email, () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/invite',
        headers: { cookie: admin.session.cookie },
        payload: { email: b64(email), roles: [{ app: appId, roles: ['viewer'] }] },
      }),
    );
    expect(res.json().Code).toBe('forbidden');
    expect(await t.db.prisma.access.count({ where: { email } })).toBe(0);
    expect(peer.messages.length).toBe(sent);
  });
});
