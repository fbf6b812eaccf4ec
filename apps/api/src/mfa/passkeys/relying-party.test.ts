import { describe, expect, it } from 'vitest';
import { relyingParty } from './relying-party.js';

describe('relyingParty', () => {
  it('is the host of PUBLIC_URL, accepting its origin', () => {
    expect(relyingParty({ PUBLIC_URL: 'https://sso.bank.example', CORS_ORIGINS: [] })).toEqual({
      id: 'sso.bank.example',
      name: 'Portico',
      origins: ['https://sso.bank.example'],
    });
  });

  it('also accepts CORS origins on the same host name (the dev server), never other hosts', () => {
    const rp = relyingParty({
      PUBLIC_URL: 'http://localhost:1234',
      CORS_ORIGINS: ['http://localhost:5173', 'https://evil.example', 'http://127.0.0.1:5173'],
    });
    expect(rp.id).toBe('localhost');
    expect(rp.origins).toEqual(['http://localhost:1234', 'http://localhost:5173']);
  });
});
