import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import type { MailPeer } from '../../test/mail-peer.js';
import { startMailPeer } from '../../test/mail-peer.js';
import { bootstrapPlatform, createUser } from '../../test/factories.js';
import { FORGOT_LINKS_PER_ACCOUNT } from '../password/forgot-job.js';

const PUBLIC_URL = 'https://portal.example.test';

/**
 * Anyone may ask for a reset link for any username, and the per-IP limit counts addresses, not
 * accounts: from many addresses a stranger could have the queue mail one person without end,
 * each new link expiring the one before it (so the owner's own link keeps dying under them).
 */
describe('Forgot-password mails to one account from many addresses', () => {
  let t: TestApp;
  let peer: MailPeer;
  beforeAll(async () => {
    peer = await startMailPeer();
    t = await startTestApp({ SMTP_URL: peer.url, PUBLIC_URL, MAIL_POLL_MS: '3600000' });
    await bootstrapPlatform(t);
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it('mails a bounded number of links, and the last one mailed still works', async () => {
    const victim = await createUser(t);
    const requests = 3 * FORGOT_LINKS_PER_ACCOUNT;
    for (let i = 0; i < requests; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/forgot/request',
        payload: { email: victim.username },
        remoteAddress: `203.0.113.${i + 1}`,
      });
      expect(res.json()).toEqual({ Code: '200', Msg: 'Reset link sent' });
    }
    await t.app.mailQueue.drain();
    expect(await t.db.prisma.mailJob.count()).toBe(0);

    const mails = peer.messages.filter((mail) => mail.to.includes(victim.email));
    expect(mails.length).toBe(FORGOT_LINKS_PER_ACCOUNT);
    const last = /reset\?code=([\w-]+)/.exec(mails.at(-1)?.text ?? '')?.[1];
    const check = await t.app.inject({
      method: 'POST',
      url: '/v1/forgot/validate',
      payload: { code: last },
      remoteAddress: '198.51.100.1',
    });
    expect(check.json()).toMatchObject({ Code: '200' });
  });
});
