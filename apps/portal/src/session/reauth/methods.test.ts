import { describe, expect, it } from 'vitest';
import { reauthMethods } from './methods';

const OFF = {
  is_pin_enabled: false,
  is_biometrics_enabled: false,
  is_passkey_enabled: false,
  has_pin_setup: false,
  has_passkey_setup: false,
};

describe('re-authentication methods', () => {
  it('puts the passkey first, then the MPIN, and always offers the password', () => {
    const all = { ...OFF, is_pin_enabled: true, has_pin_setup: true };
    const withPasskey = { ...all, is_passkey_enabled: true, has_passkey_setup: true };
    expect(reauthMethods(withPasskey, true)).toEqual(['passkey', 'mpin', 'password']);
    expect(reauthMethods(withPasskey, false)).toEqual(['mpin', 'password']);
    expect(reauthMethods(all, true)).toEqual(['mpin', 'password']);
    expect(reauthMethods(OFF, true)).toEqual(['password']);
    expect(reauthMethods(undefined, true)).toEqual(['password']);
  });

  it('offers only what is both turned on and set up', () => {
    expect(reauthMethods({ ...OFF, is_pin_enabled: true }, true)).toEqual(['password']);
    expect(reauthMethods({ ...OFF, has_pin_setup: true }, true)).toEqual(['password']);
    expect(reauthMethods({ ...OFF, is_passkey_enabled: true }, true)).toEqual(['password']);
    expect(reauthMethods({ ...OFF, has_passkey_setup: true }, true)).toEqual(['password']);
  });
});
