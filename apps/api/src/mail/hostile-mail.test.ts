import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import type { MailPeer, ReceivedMail } from '../../test/mail-peer.js';
import { startMailPeer } from '../../test/mail-peer.js';
import {
  b64,
  bootstrapPlatform,
  createApp,
  createCompany,
  signedInMember,
  unique,
} from '../../test/factories.js';

const PUBLIC_URL = 'https://portal.example.test';

/**
 * A company's administrator chooses its name, and the invitation mail (sent from the portal's own
 * address to any address the administrator types) quotes it. A name with line breaks must not
 * let them write lines of their own into that mail: a forged paragraph and "link" that reads as
 * the portal's.
 */
const HOSTILE_NAME = [
  'Acme',
  '',
  'Access ends today. Keep it:',
  'https://evil.example.test/keep',
  '\u2028Regards, the Portico team\r',
].join('\n');

/** Lines of a received text body, as a mail client shows them. */
const linesOf = (mail: ReceivedMail) => mail.text.split(/\r\n|\n|\r|\u2028|\u2029/);

describe('mails quoting names an attacker chose', () => {
  let t: TestApp;
  let peer: MailPeer;
  let admin: Awaited<ReturnType<typeof signedInMember>>;
  let loans: { id: string };
  let companyId: string;

  beforeAll(async () => {
    peer = await startMailPeer();
    t = await startTestApp({ SMTP_URL: peer.url, PUBLIC_URL });
    await bootstrapPlatform(t);
    companyId = (await createCompany(t, { name: 'Acme' })).id;
    loans = await createApp(t, { name: 'Loans' });
    admin = await signedInMember(t, companyId, ['admin']);
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it('keeps a multi-line company name to one line of the invitation mail', async () => {
    const renamed = await t.app.inject({
      method: 'POST',
      url: '/v1/com/update',
      headers: { cookie: admin.session.cookie },
      payload: { name: HOSTILE_NAME },
    });
    // The contracts refuse such a name now (rules/registry.ts); one stored before that rule, or
    // written another way, must still reach a mail on one line.
    expect(renamed.json().Code).toBe('incomplete_param');
    await t.db.prisma.company.update({
      where: { id: companyId },
      data: { name: HOSTILE_NAME },
    });

    const email = `${unique('target')}@example.test`;
    const sent = await t.app.inject({
      method: 'POST',
      url: '/v1/invite',
      headers: { cookie: admin.session.cookie },
      payload: { email: b64(email), roles: [{ app: loans.id, roles: ['viewer'] }] },
    });
    expect(sent.json().Code).toBe('200');
    const mail = await peer.nextMailTo(email);
    expect(mail.to).toEqual([email]);
    const lines = linesOf(mail);
    // The only line that is a link is the portal's accept link; no forged line stands alone.
    expect(lines.filter((line) => /^\s*https?:\/\//.test(line))).toEqual([
      expect.stringMatching(/^https:\/\/portal\.example\.test\/invite\?/),
    ]);
    expect(lines.some((line) => line.trim() === 'Regards, the Portico team')).toBe(false);
    // The name is still there, on the first line.
    expect(lines[0]).toContain('Acme');
    expect(lines[0]).toContain('https://evil.example.test/keep');
    // The subject too (nodemailer folds CR and LF, not the Unicode line separators).
    expect(mail.subject).not.toMatch(/[\r\n\u2028\u2029]/);
  });
});
