import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import type { MailPeer } from '../../test/mail-peer.js';
import { startMailPeer } from '../../test/mail-peer.js';
import type { HeldRow } from '../../test/row-lock.js';
import { holdRow } from '../../test/row-lock.js';
import {
  b64,
  bootstrapPlatform,
  createApp,
  createCompany,
  grantAccess,
  signedInMember,
  unique,
} from '../../test/factories.js';

type Answer = Awaited<ReturnType<TestApp['app']['inject']>>;
type Member = Awaited<ReturnType<typeof signedInMember>>;

/**
 * Found by hostile testing (2026-11-28), as for branches (branches/removed-admin-races.test.ts):
 * a company administrator removed by the owner while their invitation call waits on a row must
 * not get it through once the removal has committed. The call now holds the administrator's
 * own per-person lock and reads their roles again under it (users/acting-admin-lock.ts): it goes
 * through first, and the removal after it.
 */
describe('invitations: an administrator removed while the call waits', () => {
  let t: TestApp;
  let peer: MailPeer;
  let appId: string;

  beforeAll(async () => {
    peer = await startMailPeer();
    t = await startTestApp({ SMTP_URL: peer.url });
    await bootstrapPlatform(t);
    appId = (await createApp(t, { name: 'Loans' })).id;
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const post = (cookie: string, url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

  /** A company with an owner, an admin and a pending invitation of the admin's to `appId`. */
  async function company() {
    const companyId = (await createCompany(t)).id;
    const owner = await signedInMember(t, companyId, ['owner']);
    const admin = await signedInMember(t, companyId, ['admin']);
    const invitee = `${unique('invitee')}@example.test`;
    const invitation = await grantAccess(t, {
      companyId,
      appId,
      email: invitee,
      roles: ['viewer'],
      status: 'pending',
    });
    return { companyId, owner, admin, invitee, invitation };
  }

  /**
   * The admin's `call` waits on `held` while the owner removes them; then it goes on. What it
   * answered, and the order in which its audit event (`action`) and the removal were recorded.
   */
  async function callWhileRemoved(
    setup: { companyId: string; owner: Member; admin: Member },
    held: HeldRow,
    call: () => Promise<Answer>,
    action: string,
  ) {
    const pending = call();
    await held.waitingOnLocks(1);
    const removal = post(setup.owner.session.cookie, '/v1/user/company/remove', {
      email: setup.admin.email,
    });
    // A call holding the admin's lock makes the removal queue behind it (a second waiter).
    await Promise.race([removal, held.waitingOnLocks(2).catch(() => undefined)]);
    await held.release();
    const [res, removed] = await Promise.all([pending, removal]);
    expect(removed.json()).toMatchObject({ Code: '200' });
    const events = await t.db.prisma.auditEvent.findMany({
      where: { action: { in: [action, 'user.access.remove'] }, companyId: setup.companyId },
      orderBy: { id: 'asc' },
      select: { action: true },
    });
    return { res, order: events.map((event) => event.action) };
  }

  it('invites.send: the invitation is sent before the admin is removed, never after', async () => {
    const setup = await company();
    const email = `${unique('new')}@example.test`;
    const { res, order } = await callWhileRemoved(
      setup,
      await holdRow(t, 'applications', appId),
      () =>
        post(setup.admin.session.cookie, '/v1/invite', {
          email: b64(email),
          roles: [{ app: appId, roles: ['viewer'] }],
        }),
      'invite.send',
    );
    expect(res.json()).toMatchObject({ Code: '200' });
    expect(order).toEqual(['invite.send', 'user.access.remove']);
  });

  it('invites.resend: the new link is sent before the admin is removed, never after', async () => {
    const setup = await company();
    await t.db.prisma.access.update({
      where: { id: setup.invitation.id },
      data: { inviteSentAt: new Date(Date.now() - 3_600_000) },
    });
    const { res, order } = await callWhileRemoved(
      setup,
      await holdRow(t, 'access', setup.invitation.id),
      () =>
        post(setup.admin.session.cookie, '/v1/invite/resend', {
          email: setup.invitee,
          app: appId,
        }),
      'invite.resend',
    );
    expect(res.json()).toMatchObject({ Code: '200' });
    expect(order).toEqual(['invite.resend', 'user.access.remove']);
  });

  it('invites.remove: the invitation is withdrawn before the admin is removed, never after', async () => {
    const setup = await company();
    const { res, order } = await callWhileRemoved(
      setup,
      await holdRow(t, 'access', setup.invitation.id),
      () =>
        post(setup.admin.session.cookie, '/v1/invite/remove', {
          email: setup.invitee,
          app: appId,
        }),
      'invite.remove',
    );
    expect(res.json()).toMatchObject({ Code: '200' });
    expect(order).toEqual(['invite.remove', 'user.access.remove']);
  });
});
