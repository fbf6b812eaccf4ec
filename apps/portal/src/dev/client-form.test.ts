import { describe, expect, it } from 'vitest';
import { CLIENT_MESSAGES, FORM_MESSAGES } from '@portico/contracts';
import {
  addPayload,
  clientErrors,
  durationFromText,
  durationText,
  formatDuration,
  newClientDraft,
  updatePayload,
  type ClientDraft,
} from './client-form';

const valid: ClientDraft = {
  ...newClientDraft('ledger'),
  desc: 'Ledger web',
  redirect: 'https://ledger.example/callback',
};

describe('client form rules', () => {
  it('shows durations in the largest exact unit', () => {
    expect(formatDuration(60)).toBe('1 minute');
    expect(formatDuration(3600)).toBe('1 hour');
    expect(formatDuration(604_800)).toBe('7 days');
    expect(formatDuration(5400)).toBe('90 minutes');
    expect(durationText(86_400)).toEqual({ text: '1', unit: 'days' });
  });

  it('accepts whole numbers of at least 1 in a unit', () => {
    expect(durationFromText({ text: '2', unit: 'hours' })).toBe(7200);
    expect(durationFromText({ text: '0', unit: 'hours' })).toBeNaN();
    expect(durationFromText({ text: '1.5', unit: 'hours' })).toBeNaN();
    expect(durationFromText({ text: '', unit: 'hours' })).toBeNaN();
  });

  it('gives the section 5 messages for names, durations and limits', () => {
    const errors = clientErrors(
      {
        ...valid,
        desc: ' ',
        session_activity_timeout: 30,
        session_ttl: 31 * 86_400,
        device_limit: '101',
        login_retry_limit: '2',
      },
      false,
    );
    expect(errors).toEqual({
      desc: FORM_MESSAGES.required,
      session_activity_timeout: CLIENT_MESSAGES.activityMin,
      session_ttl: CLIENT_MESSAGES.ttlMax,
      device_limit: CLIENT_MESSAGES.deviceLimit,
      login_retry_limit: CLIENT_MESSAGES.loginRetryLimit,
    });
    expect(clientErrors({ ...valid, session_activity_timeout: 2 * 86_400 }, true)).toEqual({
      session_activity_timeout: CLIENT_MESSAGES.activityMax,
    });
    expect(clientErrors({ ...valid, session_ttl: 60 }, true)).toEqual({
      session_ttl: CLIENT_MESSAGES.ttlMin,
    });
    expect(clientErrors({ ...valid, session_activity_timeout: Number.NaN }, true)).toEqual({
      session_activity_timeout: CLIENT_MESSAGES.activityMin,
    });
  });

  it('lets non-numeric limits fall back to 5', () => {
    expect(clientErrors({ ...valid, device_limit: 'many', login_retry_limit: '' }, false)).toEqual(
      {},
    );
    const payload = updatePayload(
      { ...valid, device_limit: 'many', login_retry_limit: 'x' },
      'c1',
      'abc***xyz',
    );
    expect(payload).toMatchObject({ device_limit: 5, login_retry_limit: 5, id: 'c1' });
  });

  it('sends the platform lowercased, hashing off on Web, and no limits on create', () => {
    const web = addPayload({ ...valid, platform: 'Web', custom_hash: true });
    expect(web).toMatchObject({
      platform: 'web',
      custom_hash: false,
      allow_multiple_sessions: true,
    });
    expect(web).not.toHaveProperty('device_limit');
    expect(addPayload({ ...valid, platform: 'IOS', custom_hash: true })).toMatchObject({
      platform: 'ios',
      custom_hash: true,
    });
  });

  it('sends the second-factor policy on create and update (off unless switched on)', () => {
    expect(addPayload(valid).second_factor_required).toBe(false);
    const on = { ...valid, second_factor_required: true };
    expect(addPayload(on).second_factor_required).toBe(true);
    expect(updatePayload(on, 'c-1', 'abc***xyz')).toMatchObject({
      id: 'c-1',
      second_factor_required: true,
    });
  });
});
