import { describe, expect, it } from 'vitest';
import {
  durationParts,
  durationSeconds,
  featureFlags,
  hasRole,
  initials,
  isAcceptedImageType,
  maskSecret,
  truncate,
} from '../src/index.js';

describe('maskSecret', () => {
  it('keeps the first and last three characters from length 6', () => {
    expect(maskSecret('abcdef')).toBe('abcdef');
    expect(maskSecret('abcdefgh')).toBe('abc**fgh');
    expect(maskSecret('s3cr3t-v4lu3-x')).toBe('s3c********3-x');
  });

  it('masks a short secret completely', () => {
    expect(maskSecret('abcde')).toBe('*****');
    expect(maskSecret('')).toBe('');
  });
});

describe('truncate', () => {
  it('keeps 20 characters and adds an ellipsis', () => {
    expect(truncate('a'.repeat(21))).toBe(`${'a'.repeat(20)}...`);
    expect(truncate('a'.repeat(20))).toBe('a'.repeat(20));
    expect(truncate('short')).toBe('short');
  });
});

describe('initials', () => {
  it('takes the first two letters of the name', () => {
    expect(initials('Ana Cruz')).toBe('AN');
    expect(initials('  jo')).toBe('JO');
    expect(initials('  J. Smith')).toBe('JS');
    expect(initials('Émile')).toBe('ÉM');
    expect(initials('1. Émile')).toBe('1É');
    expect(initials('')).toBe('?');
  });
});

describe('durationParts', () => {
  it.each([
    [45, { value: 45, unit: 'seconds' }],
    [60, { value: 1, unit: 'minutes' }],
    [90, { value: 90, unit: 'seconds' }],
    [3600, { value: 1, unit: 'hours' }],
    [5400, { value: 90, unit: 'minutes' }],
    [604_800, { value: 7, unit: 'days' }],
    [2_592_000, { value: 30, unit: 'days' }],
    [0, { value: 0, unit: 'seconds' }],
  ])('%i seconds is %o', (seconds, parts) => {
    expect(durationParts(seconds)).toEqual(parts);
    expect(durationSeconds(durationParts(seconds))).toBe(seconds);
  });
});

describe('featureFlags', () => {
  it('turns users on with global.owner or global.admin', () => {
    expect(featureFlags(['global.owner'], 'acme')).toEqual({
      users: true,
      dev: false,
      admin: false,
    });
    expect(featureFlags(['global.admin'], 'acme')).toEqual({
      users: true,
      dev: false,
      admin: false,
    });
    expect(featureFlags(['payroll.admin'], 'acme')).toEqual({
      users: false,
      dev: false,
      admin: false,
    });
  });

  it('makes dev and admin equal users in core1', () => {
    expect(featureFlags(['global.admin'], 'core1')).toEqual({
      users: true,
      dev: true,
      admin: true,
    });
    expect(featureFlags([], 'core1')).toEqual({ users: false, dev: false, admin: false });
  });

  it('tests membership in the session roles', () => {
    expect(hasRole(['a', 'b'], 'b')).toBe(true);
    expect(hasRole(['a'], 'global')).toBe(false);
  });
});

describe('image uploads', () => {
  it('accept png, gif and jpeg', () => {
    expect(isAcceptedImageType('image/png')).toBe(true);
    expect(isAcceptedImageType('image/GIF')).toBe(true);
    expect(isAcceptedImageType('image/jpeg')).toBe(true);
    expect(isAcceptedImageType('image/svg+xml')).toBe(false);
  });
});
