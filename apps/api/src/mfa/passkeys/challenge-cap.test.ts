import { describe, expect, it } from 'vitest';
import { MAX_OPEN_CHALLENGES } from './challenges.js';
import { passkeyTestbed } from './passkey.fixtures.js';

/**
 * passkeys.authOptions answers an idle session, with no password and no per-IP limit: each call
 * stores a challenge for five minutes. A session keeps only its newest few open (challenges.ts),
 * so a cookie in a loop cannot fill the table, and the dialog's latest challenge still works.
 */
const { bed, authOptions, reauth, enrolled } = passkeyTestbed('10.18');

describe('open challenges of a session', () => {
  it('keeps only the newest few of a session and purpose; the newest still works', async () => {
    const { authenticator, idle } = await enrolled();
    const issued: { challenge: string }[] = [];
    for (let i = 0; i < MAX_OPEN_CHALLENGES + 7; i += 1) {
      issued.push((await authOptions(idle)).json().Msg);
    }
    const open = await bed.t.db.prisma.webAuthnChallenge.count({
      where: { sessionId: idle.id, purpose: 'reauthentication', usedAt: null },
    });
    expect(open).toBe(MAX_OPEN_CHALLENGES);
    expect((await reauth(idle, authenticator.assert(issued[0]!))).json()).toMatchObject({
      Code: 'passkey_invalid',
    });
    expect((await reauth(idle, authenticator.assert(issued.at(-1)!))).json().Code).toBe('200');
  });
});
