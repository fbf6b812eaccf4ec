import { describe, expect, it } from 'vitest';
import {
  TOTP_MESSAGES,
  recoveryCodeRule,
  totpCodeRule,
  isTrivialPin,
  confirmDialogPasswordRule,
  confirmPasswordRule,
  displayNameRule,
  emailRule,
  fieldError,
  fieldErrors,
  forgotFieldRule,
  canSendResetLink,
  mpinRule,
  passwordRule,
  passwordRuleWith,
  PASSWORD_LENGTH,
  passwordsMatch,
  phoneRule,
  reauthPasswordRule,
  registerFormSchema,
  resetFormSchema,
  branchFormSchema,
  branchIdRule,
  branchNameRule,
  usernameRule,
  signInUsernameRule,
  signInPasswordRule,
} from '../src/index.js';
import { z } from 'zod';

describe('username', () => {
  it.each([
    ['', 'Username is required.'],
    [undefined, 'Username is required.'],
    ['abc', 'Username must be at least 6 characters.'],
    ['a'.repeat(21), 'Username must not exceed 20 characters.'],
    ['john doe', 'Username cannot contain spaces.'],
    [
      '1johnny',
      'Username must start with a letter or underscore and contain only letters, numbers, and underscores.',
    ],
    [
      'john-doe',
      'Username must start with a letter or underscore and contain only letters, numbers, and underscores.',
    ],
  ])('%j gives %s', (value, message) => {
    expect(fieldError(usernameRule, value)).toBe(message);
  });

  it.each(['johnny', '_under_score', 'A12345', 'a'.repeat(20)])('accepts %s', (value) => {
    expect(fieldError(usernameRule, value)).toBeUndefined();
  });
});

describe('password', () => {
  it.each([
    ['', 'Password is required.'],
    ['Ab1', 'Password must be at least 6 characters.'],
    ['Ab1' + 'x'.repeat(126), 'Password must not exceed 128 characters.'],
    ['Abc 123', 'Password cannot contain spaces.'],
    ['abc123', 'Password must contain at least one uppercase letter.'],
    ['ABC123', 'Password must contain at least one lowercase letter.'],
    ['Abcdef', 'Password must contain at least one number.'],
  ])('%j gives %s', (value, message) => {
    expect(fieldError(passwordRule, value)).toBe(message);
  });

  it('accepts a password with upper, lower and digit of 6 to 128 characters by default', () => {
    expect(fieldError(passwordRule, 'Abc123')).toBeUndefined();
    expect(fieldError(passwordRule, 'Ab1' + 'x'.repeat(125))).toBeUndefined();
  });

  it("keeps the specification's 50 available, with its message", () => {
    const specRule = passwordRuleWith(PASSWORD_LENGTH.max);
    expect(fieldError(specRule, 'Ab1' + 'x'.repeat(47))).toBeUndefined();
    expect(fieldError(specRule, 'Ab1' + 'x'.repeat(48))).toBe(
      'Password must not exceed 50 characters.',
    );
  });
});

describe('phone', () => {
  it.each([
    ['', 'Phone number is required.'],
    ['123456789', 'Phone number must be at least 10 digits.'],
    ['1234567890123456', 'Phone number is too long.'],
    ['12345abcde', 'Invalid phone number format.'],
    ['+1 (555) 123#4567', 'Invalid phone number format.'],
  ])('%j gives %s', (value, message) => {
    expect(fieldError(phoneRule, value)).toBe(message);
  });

  it.each(['0123456789', '+1 (555) 123-4567', '123456789012345'])('accepts %s', (value) => {
    expect(fieldError(phoneRule, value)).toBeUndefined();
  });

  it('counts digits, not separators', () => {
    expect(fieldError(phoneRule, '12-34-56-78-9')).toBe('Phone number must be at least 10 digits.');
  });
});

describe('confirm password', () => {
  it('asks for the confirmation when empty', () => {
    expect(fieldError(confirmPasswordRule('Abc123'), '')).toBe('Please confirm your password.');
  });

  it('reports a mismatch', () => {
    expect(fieldError(confirmPasswordRule('Abc123'), 'Abc124')).toBe('Passwords do not match.');
  });

  it('passes when equal', () => {
    expect(fieldError(confirmPasswordRule('Abc123'), 'Abc123')).toBeUndefined();
  });

  it('refines a whole form on the confirm field', () => {
    const form = z
      .object({ pass: z.string(), confirm: z.string() })
      .superRefine(passwordsMatch('pass', 'confirm'));
    expect(fieldErrors(form, { pass: 'Abc123', confirm: 'x' })).toEqual({
      confirm: 'Passwords do not match.',
    });
    expect(fieldErrors(form, { pass: 'Abc123', confirm: '' })).toEqual({
      confirm: 'Please confirm your password.',
    });
  });

  it('applies on the register form', () => {
    const errors = fieldErrors(registerFormSchema, {
      displayName: '',
      mobile: '0123456789',
      uname: 'johnny',
      pass: 'Abc123',
      confirm: 'Abc12',
    });
    expect(errors).toEqual({
      displayName: 'Display name is required.',
      confirm: 'Passwords do not match.',
    });
  });

  it('applies on the reset form', () => {
    expect(
      fieldErrors(resetFormSchema, { username: 'johnny', pass: 'Abc123', confirm: '' }),
    ).toEqual({ confirm: 'Please confirm your password.' });
    expect(
      resetFormSchema.safeParse({ username: 'johnny', pass: 'Abc123', confirm: 'Abc123' }).success,
    ).toBe(true);
  });
});

describe('display name', () => {
  it('is required', () => {
    expect(fieldError(displayNameRule, '')).toBe('Display name is required.');
    expect(fieldError(displayNameRule, '   ')).toBe('Display name is required.');
  });

  it('accepts a name and trims it', () => {
    expect(displayNameRule.parse('  Ana Cruz ')).toBe('Ana Cruz');
  });
});

describe('e-mail', () => {
  it.each([
    ['', 'Email is required.'],
    ['ana', 'Invalid email address.'],
    ['ana@bank', 'Invalid email address.'],
    [`${'a'.repeat(250)}@b.co`, 'Email must not exceed 254 characters.'],
  ])('%j gives %s', (value, message) => {
    expect(fieldError(emailRule, value)).toBe(message);
  });

  it('accepts an address', () => {
    expect(fieldError(emailRule, 'ana.cruz@bank.example')).toBeUndefined();
  });
});

describe('forgot field', () => {
  it('needs a username or e-mail', () => {
    expect(fieldError(forgotFieldRule, ' ')).toBe('Username or email is required.');
    expect(fieldError(forgotFieldRule, 'johnny')).toBeUndefined();
    expect(canSendResetLink('')).toBe(false);
    expect(canSendResetLink('  ')).toBe(false);
    expect(canSendResetLink('ana@bank.example')).toBe(true);
  });
});

describe('password confirmation dialog', () => {
  it('says "Password is required" without a full stop', () => {
    expect(fieldError(confirmDialogPasswordRule, '')).toBe('Password is required');
    expect(fieldError(confirmDialogPasswordRule, 'anything')).toBeUndefined();
  });
});

describe('sign-in fields', () => {
  it('only need to be filled', () => {
    expect(fieldError(signInUsernameRule, '')).toBe('Username is required.');
    expect(fieldError(signInPasswordRule, '')).toBe('Password is required.');
    expect(fieldError(signInUsernameRule, 'admin')).toBeUndefined();
    expect(fieldError(signInPasswordRule, 'x')).toBeUndefined();
  });
});

describe('re-authentication', () => {
  it('needs the password', () => {
    expect(fieldError(reauthPasswordRule, '')).toBe('Please enter your credentials.');
    expect(fieldError(reauthPasswordRule, 'Abc123')).toBeUndefined();
  });

  it.each(['', '12345', '1234567', '12a456', ' 123456'])('MPIN %j is refused', (value) => {
    expect(fieldError(mpinRule, value)).toBe('MPIN must be 6 digits.');
  });

  it('accepts a six-digit MPIN', () => {
    expect(fieldError(mpinRule, '012345')).toBeUndefined();
  });
});

describe('branch add', () => {
  it('requires id and name with "Required"', () => {
    expect(fieldError(branchIdRule, '')).toBe('Required');
    expect(fieldError(branchNameRule, '  ')).toBe('Required');
    expect(fieldErrors(branchFormSchema, { id: '', name: '' })).toEqual({
      id: 'Required',
      name: 'Required',
    });
    expect(fieldErrors(branchFormSchema, { id: 'B001', name: 'Main' })).toEqual({});
  });
});

describe('isTrivialPin', () => {
  it.each(['000000', '121212', '123123', '123456', '654321', '890123', '112233'])(
    'refuses %s',
    (pin) => expect(isTrivialPin(pin)).toBe(true),
  );
  it.each(['482913', '730519'])('accepts %s', (pin) => expect(isTrivialPin(pin)).toBe(false));
});

describe('authenticator and recovery codes', () => {
  it('takes six digits (spaces around forgiven) and nothing else', () => {
    expect(totpCodeRule.parse(' 012345 ')).toBe('012345');
    for (const bad of ['12345', '1234567', 'abcdef', '12 345']) {
      expect(fieldError(totpCodeRule, bad), bad).toBe(TOTP_MESSAGES.codeFormat);
    }
  });

  it('takes a recovery code in any case and with spaces, in its one form', () => {
    expect(recoveryCodeRule.parse(' ABCDE-23456 ')).toBe('abcde-23456');
    for (const bad of ['abcde23456', 'abcde-1234', 'abcde-18901', 'x'.repeat(40)]) {
      expect(fieldError(recoveryCodeRule, bad), bad).toBe(TOTP_MESSAGES.recoveryFormat);
    }
  });
});
