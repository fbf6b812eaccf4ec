import { describe, expect, it } from 'vitest';
import { USERS_SCREEN_TEXTS, USER_STATUS, userStatusLabel, users } from '../src/index.js';

const row = (over: Partial<users.UserRow>): users.UserRow => ({
  app: 'payroll',
  code: '',
  email: 'ana@bank.example',
  status: 'verified',
  com: 'acme',
  userid: 'u1',
  username: 'ana_cruz',
  roles: ['payroll.viewer'],
  user_status: 'active',
  ...over,
});

describe('groupUserRows', () => {
  it('groups flat rows by e-mail and attaches the names', () => {
    const grouped = users.groupUserRows(
      [
        row({}),
        row({ app: 'global', roles: ['global.admin'] }),
        row({
          email: 'ben@bank.example',
          userid: null,
          username: null,
          user_status: null,
          status: 'pending',
        }),
      ],
      [{ userid: 'u1', fname: 'Ana', lname: 'Cruz' }],
    );
    expect(grouped).toHaveLength(2);
    expect(grouped[0]?.access.map((entry) => entry.app)).toEqual(['payroll', 'global']);
    expect(grouped[0]?.pref).toEqual({ userid: 'u1', fname: 'Ana', lname: 'Cruz' });
    expect(grouped[1]).toMatchObject({ email: 'ben@bank.example', userid: null, pref: undefined });
  });
});

describe('userStatusLabel', () => {
  it('says what each user status means in words', () => {
    expect(userStatusLabel(USER_STATUS.awaitingReset)).toBe('Password reset sent');
    expect(userStatusLabel(USER_STATUS.blocked)).toBe('Blocked');
    expect(userStatusLabel(USER_STATUS.active)).toBe('Active');
    expect(userStatusLabel('on_hold')).toBe('On hold');
    expect(USERS_SCREEN_TEXTS.statusLabel('awaiting_reset')).toBe('Password reset sent');
  });
});
