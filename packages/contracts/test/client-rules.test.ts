import { describe, expect, it } from 'vitest';
import {
  OIDC_CLIENT_MESSAGES,
  oidcSettingsProblems,
  activityTimeoutRule,
  buildClientPayload,
  customHashFor,
  deviceLimitFrom,
  deviceLimitRule,
  fieldError,
  ipAddressRule,
  isRedirectUrl,
  loginRetryLimitFrom,
  loginRetryLimitRule,
  newClientForm,
  platformLabel,
  platformValue,
  redirectUrlRule,
  sessionTtlRule,
  canInvite,
  recordedIpRule,
  appLinkRule,
} from '../src/index.js';

describe('client session activity timeout', () => {
  it('is 60 to 86400 seconds', () => {
    expect(fieldError(activityTimeoutRule, 59)).toBe('Minimum activity timeout is 1 minute');
    expect(fieldError(activityTimeoutRule, 86_401)).toBe('Maximum activity timeout is 1 day');
    expect(fieldError(activityTimeoutRule, 60)).toBeUndefined();
    expect(fieldError(activityTimeoutRule, 86_400)).toBeUndefined();
  });
});

describe('client session TTL', () => {
  it('is 3600 to 2592000 seconds', () => {
    expect(fieldError(sessionTtlRule, 3599)).toBe('Minimum TTL is 1 hour');
    expect(fieldError(sessionTtlRule, 2_592_001)).toBe('Maximum TTL is 30 days');
    expect(fieldError(sessionTtlRule, 604_800)).toBeUndefined();
  });
});

describe('device limit', () => {
  it('is 1 to 100', () => {
    expect(fieldError(deviceLimitRule, 0)).toBe('Device limit must be between 1 and 100');
    expect(fieldError(deviceLimitRule, 101)).toBe('Device limit must be between 1 and 100');
    expect(fieldError(deviceLimitRule, 1)).toBeUndefined();
    expect(fieldError(deviceLimitRule, 100)).toBeUndefined();
  });

  it('falls back to 5 when not numeric', () => {
    expect(deviceLimitFrom('abc')).toBe(5);
    expect(deviceLimitFrom('')).toBe(5);
    expect(deviceLimitFrom('12')).toBe(12);
    expect(deviceLimitFrom(Number.NaN)).toBe(5);
  });
});

describe('login retry limit', () => {
  it('is 3 to 20', () => {
    expect(fieldError(loginRetryLimitRule, 2)).toBe('Login retry limit must be between 3 and 20');
    expect(fieldError(loginRetryLimitRule, 21)).toBe('Login retry limit must be between 3 and 20');
    expect(fieldError(loginRetryLimitRule, 3)).toBeUndefined();
  });

  it('falls back to 5 when not numeric', () => {
    expect(loginRetryLimitFrom('many')).toBe(5);
    expect(loginRetryLimitFrom('7')).toBe(7);
  });
});

describe('redirect URL', () => {
  const message = 'Redirect URL must be a valid HTTPS URL';

  it.each([
    'https://app.bank.example/callback',
    'https://app.bank.example:8443/cb?x=1',
    'http://localhost:3000/cb',
    'http://127.0.0.1/cb',
  ])('accepts %s', (url) => {
    expect(fieldError(redirectUrlRule, url)).toBeUndefined();
  });

  it.each([
    '',
    'app.bank.example/callback',
    '/callback',
    'http://app.bank.example/cb',
    'http://localhost.evil.example/cb',
    'ftp://app.bank.example/cb',
    'javascript:alert(1)',
    'https://user:pw@app.bank.example/cb',
    'https://app.bank.example/cb#fragment',
    // A registered redirect is compared after parsing: no path that decodes to another place.
    'https://app.bank.example/cb/../admin',
    'https://app.bank.example/cb/..;/admin',
    'https://app.bank.example/cb%2F..%2Fadmin',
    'https://app.bank.example/%5Cevil',
  ])('refuses %j', (url) => {
    expect(fieldError(redirectUrlRule, url)).toBe(message);
    expect(isRedirectUrl(url)).toBe(false);
  });
});

describe('platform and custom hash', () => {
  it('lowercases platforms', () => {
    expect(platformValue('IOS')).toBe('ios');
    expect(platformValue('Web')).toBe('web');
    expect(platformLabel('android')).toBe('Android');
  });

  it('forces custom hashing off on Web only', () => {
    expect(customHashFor('Web', true)).toBe(false);
    expect(customHashFor('web', true)).toBe(false);
    expect(customHashFor('Android', true)).toBe(true);
    expect(customHashFor('Desktop', false)).toBe(false);
  });
});

describe('client payload', () => {
  it('sends the optional numbers only when greater than 0', () => {
    const payload = buildClientPayload({
      ...newClientForm('payroll'),
      desc: 'Payroll web',
      redirect: 'https://payroll.example/cb',
      platform: 'Web',
      custom_hash: true,
      session_activity_timeout: 0,
      session_ttl: '7200',
    });
    expect(payload).toEqual({
      app: 'payroll',
      desc: 'Payroll web',
      redirect: 'https://payroll.example/cb',
      domain: '',
      platform: 'web',
      custom_hash: false,
      allow_delete: false,
      allow_multiple_sessions: true,
      session_ttl: 7200,
    });
  });

  it('applies the fallback of 5 to non-numeric limits on update', () => {
    const payload = buildClientPayload({
      ...newClientForm('payroll'),
      platform: 'Android',
      custom_hash: true,
      device_limit: 'x',
      login_retry_limit: '0',
    });
    expect(payload.device_limit).toBe(5);
    expect(payload.custom_hash).toBe(true);
    expect(payload.platform).toBe('android');
    expect('login_retry_limit' in payload).toBe(false);
  });

  it('allows multiple sessions by default on create', () => {
    expect(newClientForm('x').allow_multiple_sessions).toBe(true);
  });
});

describe('IP whitelist', () => {
  const message = 'Invalid IP address format';

  it.each([
    '10.0.0.1',
    '192.168.001.254',
    '2001:0db8:0000:0000:0000:ff00:0042:8329',
    '2001:db8:0:0:0:0:2:1',
  ])('accepts %s', (ip) => {
    expect(fieldError(ipAddressRule, ip)).toBeUndefined();
  });

  it.each([
    '',
    '10.0.0',
    '10.0.0.1.5',
    '1234.0.0.1',
    '256.1.1.1',
    'a.b.c.d',
    '2001:db8::1',
    '::1',
    'localhost',
  ])('refuses %j', (ip) => {
    expect(fieldError(ipAddressRule, ip)).toBe(message);
  });

  it('names recorded addresses in any form when removing them', () => {
    expect(fieldError(recordedIpRule, '::ffff:10.0.0.1')).toBeUndefined();
    expect(fieldError(recordedIpRule, '10.0.0.1; drop')).toBe(message);
  });
});

describe('invite button', () => {
  it('needs an e-mail and at least one role', () => {
    expect(canInvite('', [{ roles: ['payroll.viewer'] }])).toBe(false);
    expect(canInvite('ana@bank.example', [])).toBe(false);
    expect(canInvite('ana@bank.example', [{ roles: [] }])).toBe(false);
    expect(canInvite('ana@bank.example', [{ roles: [] }, { roles: ['global.admin'] }])).toBe(true);
  });
});

describe('application link', () => {
  it('accepts web URLs or nothing', () => {
    expect(fieldError(appLinkRule, '')).toBeUndefined();
    expect(fieldError(appLinkRule, 'https://payroll.example')).toBeUndefined();
    expect(fieldError(appLinkRule, 'javascript:alert(1)')).toBe(
      'Link must be a valid http or https URL.',
    );
  });
});

describe('OIDC client settings that must agree', () => {
  const base = {
    grantTypes: ['authorization_code', 'refresh_token'],
    authMethod: 'client_secret_basic',
    jwksUri: null,
    fapi2: false,
  };

  it('accepts the defaults and a FAPI 2.0 client with its keys', () => {
    expect(oidcSettingsProblems(base)).toEqual({});
    expect(
      oidcSettingsProblems({
        ...base,
        authMethod: 'private_key_jwt',
        jwksUri: 'https://rp.example/jwks',
        fapi2: true,
      }),
    ).toEqual({});
  });

  it('names the field of each disagreement', () => {
    expect(oidcSettingsProblems({ ...base, authMethod: 'private_key_jwt' })).toEqual({
      oidc_jwks_uri: OIDC_CLIENT_MESSAGES.jwksUriNeeded,
    });
    expect(
      oidcSettingsProblems({ ...base, fapi2: true, grantTypes: ['client_credentials'] }),
    ).toEqual({
      oidc_auth_method: OIDC_CLIENT_MESSAGES.fapiNeedsKeys,
      oidc_grant_types: OIDC_CLIENT_MESSAGES.fapiNeedsCode,
    });
  });
});
