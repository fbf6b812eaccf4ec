import { describe, expect, it } from 'vitest';
import {
  ADMIN_TOASTS,
  GATE_CODES,
  GATE_PAGES,
  LOGIN_MESSAGES,
  NETWORK_ERROR,
  SERVER_ERROR_PAGE,
  USERS_MESSAGES,
  attemptsRemaining,
  banExpiryLabel,
  gatePage,
  inviteText,
  isErrorCode,
  messageFor,
} from '../src/index.js';

describe('gate pages', () => {
  it.each([
    ['access_not_found', 'Access Not Available [01]'],
    ['callback_invalid', 'Application Not Configured'],
    ['app_access_prohibited', 'Access Not Allowed'],
    ['app_disabled', 'Application Not Available [02]'],
    ['device_type_invalid', 'Device Invalid'],
    ['device_limit_reached', 'Maximum Device Reached'],
    ['unauthorized_device', 'Unauthorized'],
    ['access_unverified', 'Access Not Verified'],
    ['credential_stuffing_detected', 'Suspicious Activity'],
  ])('%s is titled %s', (code, title) => {
    expect(gatePage(code).title).toBe(title);
  });

  it('uses catalogue codes only, each with a text', () => {
    for (const code of GATE_CODES) {
      expect(isErrorCode(code)).toBe(true);
      expect(GATE_PAGES[code].text.length).toBeGreaterThan(20);
    }
  });

  it('falls back to the server error page', () => {
    expect(gatePage('something_else')).toEqual({
      title: 'Server Error',
      text: 'Server is not responding. Please try again later.',
    });
    expect(gatePage(undefined)).toBe(SERVER_ERROR_PAGE);
  });

  it('names the application where the page does', () => {
    expect(gatePage('access_not_found', 'Payroll').text).toBe(
      'You do not have access to Payroll. Please contact your administrator.',
    );
    expect(gatePage('app_disabled', 'Payroll').text).toContain('Payroll is not available');
    expect(gatePage('device_limit_reached').text).toContain('remove a device');
    expect(gatePage('unauthorized_device').text).toContain('will be recorded');
    expect(gatePage('access_unverified').text).toContain('accept the invitation');
    expect(gatePage('app_access_prohibited').text).toContain('subscri');
  });
});

describe('messageFor', () => {
  it('covers the login outcomes', () => {
    expect(messageFor('account_failed', 'login', { retriesLeft: 2 })).toBe('2 attempts remaining.');
    expect(messageFor('invalid_pin', 'login', { retriesLeft: 4 })).toBe('4 attempts remaining.');
    expect(messageFor('account_blocked', 'login')).toBe(
      'Your account is blocked. Please contact your Administrator.',
    );
    expect(messageFor('account_awaiting_reset', 'login')).toBe(
      'Password reset initiated. Please check your email to set a new password.',
    );
    expect(messageFor('rate_limit_exceeded', 'login')).toBe(
      'Too many login attempts. Please try again in 15 minutes.',
    );
    expect(messageFor('user_not_found', 'login')).toBe('User not found.');
    expect(messageFor('auth_invalid', 'login')).toBeUndefined();
    expect(messageFor('cookie_err', 'login')).toBeUndefined();
    expect(messageFor('app_disabled', 'login')).toBe('Application Not Available [02]');
    expect(LOGIN_MESSAGES.noCompanies).toBe('Internal error.');
  });

  it('covers re-authentication', () => {
    expect(messageFor(NETWORK_ERROR, 'reauth')).toBe('Network error during reauthentication.');
    expect(messageFor('session_expired', 'reauth')).toBe(
      'Session expired. Please re-authenticate.',
    );
  });

  it('covers the invitation and registration outcomes', () => {
    expect(messageFor('invite_expired', 'inviteAccept')).toBe('invite expired');
    expect(messageFor('invite_accepted', 'inviteAccept')).toBe('invite expired');
    expect(messageFor('not_found', 'inviteAccept')).toBe('Unable to resolve invitation details.');
    expect(messageFor('server_error', 'inviteAccept')).toBe('Internal issue found.');
    expect(messageFor('user_already_enrolled', 'register')).toBe('Username already taken.');
    expect(messageFor('email_already_inuse', 'register')).toBe('Email is already in use.');
    expect(messageFor('verified', 'register')).toBe(
      'Unable to register user. Invitation already expired.',
    );
    expect(messageFor('invite_expired', 'register')).toBe(
      'Unable to register user. Invitation already expired.',
    );
    expect(messageFor('server_error', 'register')).toBe(
      'Unable to register user because of unknown error.',
    );
    expect(inviteText('Acme', ['Admin', 'Viewer'], 'Payroll')).toBe(
      'Acme invited you to role(s) Admin, Viewer to Payroll',
    );
    expect(inviteText('Acme', ['Owner'])).toBe('Acme invited you to role(s) Owner');
  });

  it('covers forgot and reset', () => {
    expect(messageFor('user_not_found', 'forgot')).toBe('User not found.');
    expect(messageFor('account_blocked', 'forgot')).toBe(
      'Failed to reset account. Account blocked.',
    );
    expect(messageFor('mail_failed', 'forgot')).toBe(
      'Failed to send reset link. Please try again later.',
    );
    expect(messageFor('forgot_expired', 'reset')).toBe('Reset link has expired.');
    expect(messageFor('forgot_invalid', 'reset')).toBe('Invalid reset link.');
    expect(messageFor('forgot_used', 'reset')).toBe('Reset link already used.');
    expect(messageFor('server_error', 'reset')).toBe(
      'Failed to reset password. Please try again later.',
    );
  });

  it('covers MPIN, MFA and devices', () => {
    expect(messageFor('invalid_credentials', 'mpin')).toBe(
      'Invalid credentials. Please try again.',
    );
    expect(messageFor('server_error', 'mpin')).toBe('Failed to set MPIN.');
    expect(messageFor('invalid_credentials', 'mfa', { serverMessage: 'Wrong password' })).toBe(
      'Wrong password',
    );
    expect(messageFor('server_error', 'mfa')).toBe('Failed to update MFA settings.');
    // Never a bare code: the API's envelope carries the code as Msg when it has nothing to add.
    expect(messageFor('invalid_credentials', 'mfa', { serverMessage: 'invalid_credentials' })).toBe(
      'Invalid credentials. Please try again.',
    );
    expect(messageFor('forbidden', 'mfa', { serverMessage: 'forbidden' })).toBe(
      'Failed to update MFA settings.',
    );
    expect(messageFor('account_blocked', 'mfa', { serverMessage: 'account_blocked' })).toBe(
      'Your account is blocked. Please contact your Administrator.',
    );
    // Section 8's texts for a failure of the client itself.
    expect(messageFor(NETWORK_ERROR, 'mfa')).toBe(
      'An unexpected error occurred during MFA toggle update.',
    );
    expect(messageFor(NETWORK_ERROR, 'mpin')).toBe(
      'An unexpected error occurred during MPIN setup.',
    );
    expect(messageFor(NETWORK_ERROR, 'deviceOtp')).toBe('An error occurred during verification.');
    expect(messageFor('device_not_found', 'deviceRemoval')).toBe('Device not found');
    expect(messageFor('device_user_mismatch', 'deviceRemoval')).toBe(
      "You don't have permission to remove this device",
    );
    expect(messageFor('device_in_use', 'deviceRemoval')).toBe('Failed to remove device');
    expect(messageFor('invalid_otp', 'deviceOtp')).toBe('Invalid OTP code. Please try again.');
    expect(messageFor('server_error', 'deviceOtp')).toBe('An error occurred during verification.');
  });

  it('covers the administration forms', () => {
    for (const context of ['addApp', 'addCompany', 'addBranch'] as const) {
      expect(messageFor('app_enrolled', context)).toBe('Id already taken.');
      expect(messageFor('incomplete_param', context)).toBe('Required');
    }
    expect(messageFor('already_whitelisted', 'whitelist')).toBe('IP already whitelisted');
    expect(messageFor('incomplete_param', 'whitelist')).toBe('Required');
  });
});

describe('texts with parameters', () => {
  it('are functions', () => {
    expect(attemptsRemaining(3)).toBe('3 attempts remaining.');
    expect(USERS_MESSAGES.inviteSent('ana@bank.example')).toBe('Invite sent to ana@bank.example');
    expect(USERS_MESSAGES.inviteFailed('ana@bank.example')).toBe(
      'Failed to invite ana@bank.example',
    );
    expect(USERS_MESSAGES.inviteDeleted('Payroll')).toBe('Payroll invite deleted successfully.');
    expect(USERS_MESSAGES.showing(31, 60, 75)).toBe('Showing 31-60 of 75 users');
    expect(ADMIN_TOASTS.updated('Payroll')).toBe('Payroll updated successfully.');
    expect(ADMIN_TOASTS.updateFailed('Payroll')).toBe('Payroll update failed.');
    expect(ADMIN_TOASTS.clientRemoved('Web')).toBe('Web removed successfully.');
    expect(ADMIN_TOASTS.deleted('Viewer')).toBe('Viewer was deleted successfully.');
  });

  it('keep the product spelling', () => {
    expect(ADMIN_TOASTS.companyRemoveFailed).toBe('Failed to removed comapany!');
    expect(ADMIN_TOASTS.added).toBe('successfully added!');
    expect(ADMIN_TOASTS.appRemoved).toBe('Successfully removed app!');
    expect(ADMIN_TOASTS.appRemoveFailed).toBe('Failed to remove app!');
    expect(ADMIN_TOASTS.whitelistRemoved).toBe('IP removed from whitelist successfully!');
    expect(ADMIN_TOASTS.unbanFailed).toBe('Failed to unban IP!');
    expect(USERS_MESSAGES.resetInitiated).toBe('Password reset initiated successfully.');
    expect(USERS_MESSAGES.accessRemoveFailed).toBe('Failed to remove user access.');
    expect(USERS_MESSAGES.inviteResent).toBe('Invite resent!');
  });
});

describe('ban expiry label', () => {
  const now = new Date('2030-01-01T00:00:00Z');

  it('shows Expired or the hours and minutes left', () => {
    expect(banExpiryLabel('2029-12-31T23:59:00Z', now)).toBe('Expired');
    expect(banExpiryLabel('2030-01-01T02:05:00Z', now)).toBe('2h 5m');
    expect(banExpiryLabel('2030-01-01T00:00:30Z', now)).toBe('0h 1m');
  });
});
