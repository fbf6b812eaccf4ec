import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { unique } from '../../test/factories.js';
import { prismaAdapter } from './adapter.js';

const SECRET = 'a-test-secret-that-is-long-enough-for-oidc-keys';

/** oidc-provider's Adapter contract on real PostgreSQL (example/my_adapter.js describes it). */
describe('the OpenID Provider adapter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('stores, finds, consumes and destroys one model instance', async () => {
    const codes = prismaAdapter(t.db, SECRET)('AuthorizationCode');
    const id = unique('code');
    const payload = { jti: id, kind: 'AuthorizationCode', grantId: unique('grant'), exp: 1 };
    await codes.upsert(id, payload, 60);
    expect(await codes.find(id)).toEqual(payload);
    // Models do not see each other's ids.
    expect(await prismaAdapter(t.db, SECRET)('AccessToken').find(id)).toBeUndefined();

    await codes.consume(id);
    const consumed = await codes.find(id);
    expect(consumed).toMatchObject(payload);
    expect(typeof consumed?.consumed).toBe('number');

    await codes.upsert(id, { ...payload, scope: 'openid' }, 60);
    expect(await codes.find(id)).toMatchObject({ scope: 'openid' });
    await codes.destroy(id);
    expect(await codes.find(id)).toBeUndefined();
  });

  it('reads an expired instance as absent', async () => {
    const sessions = prismaAdapter(t.db, SECRET)('Session');
    const id = unique('session');
    await sessions.upsert(id, { jti: id, uid: unique('uid') }, 60);
    await t.db.prisma.oidcRecord.update({
      where: { model_id: { model: 'Session', id } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await sessions.find(id)).toBeUndefined();
  });

  it('finds a session by uid and a device code by user code', async () => {
    const sessions = prismaAdapter(t.db, SECRET)('Session');
    const uid = unique('uid');
    await sessions.upsert(unique('s'), { uid, accountId: 'a1' }, 60);
    expect(await sessions.findByUid(uid)).toMatchObject({ uid, accountId: 'a1' });
    const devices = prismaAdapter(t.db, SECRET)('DeviceCode');
    const userCode = unique('UC');
    await devices.upsert(unique('d'), { userCode }, 60);
    expect(await devices.findByUserCode(userCode)).toMatchObject({ userCode });
  });

  it('revokes every record of a grant across models', async () => {
    const grantId = unique('grant');
    const other = unique('grant');
    const access = prismaAdapter(t.db, SECRET)('AccessToken');
    const refresh = prismaAdapter(t.db, SECRET)('RefreshToken');
    const [a, r, kept] = [unique('at'), unique('rt'), unique('at')];
    await access.upsert(a, { grantId }, 60);
    await refresh.upsert(r, { grantId }, 60);
    await access.upsert(kept, { grantId: other }, 60);
    await access.revokeByGrantId(grantId);
    expect(await access.find(a)).toBeUndefined();
    expect(await refresh.find(r)).toBeUndefined();
    expect(await access.find(kept)).toMatchObject({ grantId: other });
  });
});
