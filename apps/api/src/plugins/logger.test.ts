import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger.js';

describe('log redaction', () => {
  it('hides codes and identities in query strings', () => {
    expect(redactUrl('/v1/invite/details?code=abc123&email=a%40b.c&com=acme')).toBe(
      '/v1/invite/details?code=%5Bredacted%5D&email=%5Bredacted%5D&com=acme',
    );
  });

  it('leaves paths without a query alone', () => {
    expect(redactUrl('/v1/health')).toBe('/v1/health');
  });
});
