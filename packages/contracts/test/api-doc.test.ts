import { describe, expect, it } from 'vitest';
import { renderApiDoc } from '../src/api-doc.js';
import { CODES, allCalls } from '../src/index.js';
import apiDoc from '../../../docs/api.md?raw';

describe('docs/api.md', () => {
  it('is up to date with the calls (run `pnpm --filter @portico/contracts build && pnpm --filter @portico/contracts docs`)', () => {
    expect(apiDoc).toBe(renderApiDoc());
  });

  it('lists every call and every code', () => {
    for (const call of allCalls) expect(apiDoc).toContain(`\`${call.method} ${call.path}\``);
    for (const code of Object.keys(CODES)) expect(apiDoc).toContain(`| \`${code}\``);
  });
});
