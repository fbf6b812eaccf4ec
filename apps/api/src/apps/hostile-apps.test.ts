import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '@portico/contracts';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import {
  bootstrapPlatform,
  createApp,
  createCompany,
  openTestSession,
  signedInMember,
  unique,
} from '../../test/factories.js';

/**
 * Hostile input to the application registry and the company profile: what a platform or
 * company administrator types is shown to every user of the portal (Subscriptions cards, the
 * landing page's "Connect to <app>", the company dropdown), so it must not carry characters
 * that make it read as something else (a right-to-left override turning "Payroll\u202etxt.exe"
 * around, a line break or bell in a one-line name, a zero-width space faking another name).
 */
describe('hostile registry and company input', () => {
  let t: TestApp;
  let admin: string;
  let companyAdmin: string;
  let companyId: string;
  beforeAll(async () => {
    t = await startTestApp();
    const platformAdmin = await bootstrapPlatform(t);
    admin = (await openTestSession(t, platformAdmin, { companyId: PLATFORM_COMPANY_ID })).cookie;
    companyId = (await createCompany(t, { name: 'Plain' })).id;
    companyAdmin = (await signedInMember(t, companyId, ['admin'])).session.cookie;
  });
  afterAll(() => t.close());

  const post = (cookie: string, url: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie },
      payload: payload as Record<string, unknown>,
    });

  const HIDDEN = [
    ['a right-to-left override', 'Pay\u202eroll'],
    ['an isolate', '\u2066Payroll\u2069'],
    ['a bell', 'Pay\u0007roll'],
    ['a line break', 'Pay\nroll'],
    ['a zero-width space', 'Pay\u200broll'],
    ['a next-line control', 'Pay\u0085roll'],
  ] as const;

  it.each(HIDDEN)('refuses an application name with %s, adding nothing', async (_, name) => {
    const id = unique('hid');
    const res = await post(admin, '/v1/apps/add', { id, name, desc: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().Code).toBe('incomplete_param');
    expect(await t.db.prisma.application.findUnique({ where: { id } })).toBeNull();
  });

  it.each(HIDDEN)('refuses an application update with %s in the name', async (_, name) => {
    const app = await createApp(t, { name: 'Stable' });
    const res = await post(admin, '/v1/apps/update', {
      id: app.id,
      name,
      desc: '',
      status: 1,
      link: '',
    });
    expect(res.json().Code).toBe('incomplete_param');
    expect((await t.db.prisma.application.findUniqueOrThrow({ where: { id: app.id } })).name).toBe(
      'Stable',
    );
  });

  it('refuses direction overrides in a description but keeps its line breaks', async () => {
    const app = await createApp(t, { name: 'Described' });
    const update = (desc: string) =>
      post(admin, '/v1/apps/update', { id: app.id, name: 'Described', desc, status: 1, link: '' });
    expect((await update('first\u202eline')).json().Code).toBe('incomplete_param');
    expect((await update('first\u0007line')).json().Code).toBe('incomplete_param');
    expect((await update('first line\nsecond line\ttabbed')).json().Code).toBe('200');
  });

  it.each([
    ['a direction override', 'https://bank.example.test/\u202egnp.exe'],
    ['a control character', 'https://bank.example.test/\u0007'],
    ['a line break', 'https://bank.example.test/a\nb'],
    ['a space in the host', 'https://bank.example.test evil.example.test/'],
    ['an isolate in the host', 'https://bank\u2066.example.test/'],
  ])('refuses an application link with %s', async (_, link) => {
    const app = await createApp(t, { name: 'Linked' });
    const res = await post(admin, '/v1/apps/update', {
      id: app.id,
      name: 'Linked',
      desc: '',
      status: 1,
      link,
    });
    expect(res.json().Code).toBe('incomplete_param');
    expect(
      (await t.db.prisma.application.findUniqueOrThrow({ where: { id: app.id } })).link,
    ).toBeNull();
  });

  it.each(HIDDEN)('refuses a company name with %s (company.update)', async (_, name) => {
    const res = await post(companyAdmin, '/v1/com/update', { name });
    expect(res.statusCode).toBe(400);
    expect(res.json().Code).toBe('incomplete_param');
    expect((await t.db.prisma.company.findUniqueOrThrow({ where: { id: companyId } })).name).toBe(
      'Plain',
    );
  });

  it('still accepts names in any script', async () => {
    const id = unique('intl');
    const res = await post(admin, '/v1/apps/add', {
      id,
      name: 'Zahlungsverkehr – مدفوعات 支付',
      desc: '',
    });
    expect(res.json().Code).toBe('200');
    expect((await post(companyAdmin, '/v1/com/update', { name: 'Åland Bank ﷼' })).json().Code).toBe(
      '200',
    );
    // Persian needs the zero-width non-joiner, emoji sequences the joiner.
    const persian = await post(admin, '/v1/apps/add', {
      id: unique('fa'),
      name: 'می\u200cخواهم',
      desc: '',
    });
    expect(persian.json().Code).toBe('200');
    const emoji = await post(admin, '/v1/apps/add', {
      id: unique('emoji'),
      name: 'Team \u{1f469}\u200d\u{1f4bb}',
      desc: '',
    });
    expect(emoji.json().Code).toBe('200');
  });
});
