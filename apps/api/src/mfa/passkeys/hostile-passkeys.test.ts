import { describe, expect, it } from 'vitest';
import { locksWaiting } from '../../../test/row-lock.js';
import { SoftwareAuthenticator } from '../test-authenticator.js';
import { passkeyTestbed } from './passkey.fixtures.js';

/**
 * Hostile passkey ceremonies (docs/mfa.md, "Passkeys"): another person's passkey on my
 * challenge, one registration challenge for two authenticators, a credential id registered
 * twice, a challenge taken while passkey sign-in was on, used after it was turned off, and a
 * session ended while its re-authentication writes the passkey's counter.
 */
const { bed, registerOptions, registerVerify, authOptions, reauth, passkeysOf, enrolled } =
  passkeyTestbed('10.12');

describe('passkeys under attack', () => {
  it("refuses another person's passkey on my challenge, and leaves my session idle", async () => {
    const me = await enrolled();
    const other = await enrolled();
    const options = (await authOptions(me.idle)).json().Msg;
    const foreign = await reauth(me.idle, other.authenticator.assert(options));
    expect(foreign.json()).toMatchObject({ Code: 'passkey_invalid' });
    expect((await passkeysOf(other.user.id))[0]?.counter).toBe(0n);
    const row = await bed.t.db.prisma.session.findUniqueOrThrow({ where: { id: me.idle.id } });
    expect(row.lastSeenAt.getTime()).toBeLessThan(Date.now() - 60_000);
    // The challenge was spent by the refused try: my own passkey needs a new one.
    expect((await reauth(me.idle, me.authenticator.assert(options))).json()).toMatchObject({
      Code: 'passkey_invalid',
    });
    const fresh = (await authOptions(me.idle)).json().Msg;
    expect((await reauth(me.idle, me.authenticator.assert(fresh))).json().Code).toBe('200');
  });

  it('registers one authenticator per registration challenge', async () => {
    const { user, live } = await enrolled();
    const options = (await registerOptions(live, user)).json().Msg;
    const first = new SoftwareAuthenticator(bed.rpId, bed.origin);
    const second = new SoftwareAuthenticator(bed.rpId, bed.origin);
    expect((await registerVerify(live, first.register(options))).json().Code).toBe('200');
    expect((await registerVerify(live, second.register(options))).json()).toMatchObject({
      Code: 'passkey_invalid',
    });
    expect(await passkeysOf(user.id)).toHaveLength(2);
  });

  it("refuses to register a credential id that is another person's passkey", async () => {
    const victim = await enrolled();
    const attacker = await enrolled();
    const options = (await registerOptions(attacker.live, attacker.user)).json().Msg;
    // The same authenticator (same credential id) registered to a second account.
    const again = await registerVerify(attacker.live, victim.authenticator.register(options));
    expect(again.json()).toMatchObject({ Code: 'passkey_invalid' });
    const victims = await passkeysOf(victim.user.id);
    expect(victims).toHaveLength(1);
    expect(
      await bed.t.db.prisma.passkeyCredential.count({
        where: { credentialId: victims[0]!.credentialId },
      }),
    ).toBe(1);
  });

  it('refuses an assertion once passkey sign-in is turned off, even on a challenge taken before', async () => {
    const { user, authenticator, idle } = await enrolled();
    const options = (await authOptions(idle)).json().Msg;
    await bed.t.db.prisma.user.update({ where: { id: user.id }, data: { passkeyEnabled: false } });
    const answer = await reauth(idle, authenticator.assert(options));
    expect(answer.json().Code).not.toBe('200');
    expect((await passkeysOf(user.id))[0]?.counter).toBe(0n);
  });

  it('answers session_invalid, and gives no token, when the session ends while the passkey is recorded', async () => {
    const { authenticator, idle, user } = await enrolled();
    const [passkey] = await passkeysOf(user.id);
    const options = (await authOptions(idle)).json().Msg;
    const waiting = () => locksWaiting(bed.t);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // The passkey's row is held: the re-authentication found the session live, then waits to
    // write the counter while the session is ended (signed out, on this or another replica).
    const holder = bed.t.db.prisma.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT id FROM passkey_credentials WHERE id = ${passkey!.id} FOR UPDATE`;
        locked();
        await held;
      },
      { timeout: 20_000 },
    );
    await isLocked;
    const lifted = reauth(idle, authenticator.assert(options));
    await expect.poll(waiting).toBe(1);
    await bed.t.db.prisma.session.update({
      where: { id: idle.id },
      data: { endedAt: new Date(), endReason: 'signed_out' },
    });
    release();
    await holder;
    const answer = await lifted;
    expect(answer.json()).toMatchObject({ Code: 'session_invalid' });
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect((await passkeysOf(user.id))[0]?.counter).toBe(passkey!.counter);
    expect(
      await bed.t.db.prisma.auditEvent.count({
        where: { action: 'auth.reauthenticated', target: idle.id },
      }),
    ).toBe(0);
  });
});
