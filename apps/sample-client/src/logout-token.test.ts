import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { logoutSubject } from './logout-token.js';

const ISSUER = 'https://portico.example/oidc';
const CLIENT = 'sample';
const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const jwks = { keys: [{ ...publicKey.export({ format: 'jwk' }), kid: 'k1' }] };
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function token(claims: Record<string, unknown>, header: Record<string, unknown> = {}): string {
  const signed = `${b64({ alg: 'ES256', kid: 'k1', typ: 'logout+jwt', ...header })}.${b64(claims)}`;
  const signature = sign('sha256', Buffer.from(signed), {
    key: privateKey,
    dsaEncoding: 'ieee-p1363',
  });
  return `${signed}.${signature.toString('base64url')}`;
}

const now = Math.floor(Date.now() / 1000);
const valid = {
  iss: ISSUER,
  aud: CLIENT,
  sub: 'user-1',
  iat: now,
  jti: 'j1',
  events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
};
const expected = { issuer: ISSUER, clientId: CLIENT, jwks };

describe('back-channel logout tokens', () => {
  it('answers the subject of a valid token', () => {
    expect(logoutSubject(token(valid), expected)).toBe('user-1');
  });

  it('refuses a token of another issuer, audience, age, event, with a nonce, or unsigned', () => {
    for (const claims of [
      { ...valid, iss: 'https://evil.example' },
      { ...valid, aud: 'another' },
      { ...valid, iat: now - 3600 },
      { ...valid, events: {} },
      { ...valid, nonce: 'n' },
    ]) {
      expect(logoutSubject(token(claims), expected), JSON.stringify(claims)).toBeNull();
    }
    const [header = '', payload = ''] = token(valid).split('.');
    expect(logoutSubject(`${header}.${payload}.`, expected)).toBeNull();
    expect(logoutSubject(token(valid, { alg: 'none' }), expected)).toBeNull();
    expect(logoutSubject(token(valid, { kid: 'unknown' }), expected)).toBeNull();
    expect(logoutSubject('not a token', expected)).toBeNull();
  });
});
