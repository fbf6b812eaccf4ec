import { describe, expect, it } from 'vitest';
import { CODES } from '../src/index.js';

/**
 * One definition per text and rule (issue 12, item 14): a catalogue text is written once, in
 * codes.ts, and every screen text that says the same refers to it; the avatar's initials and the
 * company-level role ids live in the contracts only. Read from the sources as text (Vite's
 * import.meta.glob), so a copy pasted back in fails here.
 */
const messageSources = import.meta.glob('../src/messages/*.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const appSources = import.meta.glob(
  ['../../../apps/{api,portal}/src/**/*.{ts,tsx}', '!**/*.test.{ts,tsx}', '!**/demo/**'],
  { query: '?raw', import: 'default', eager: true },
) as Record<string, string>;

/** The string literals of a source ('...', "..." and template texts without placeholders). */
function literalsOf(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`([^`$]*)`/g)) {
    found.push(match[1] ?? match[2] ?? match[3] ?? '');
  }
  return found;
}

describe('one definition', () => {
  it('reads the sources it checks', () => {
    expect(Object.keys(messageSources).length).toBeGreaterThan(5);
    expect(Object.keys(appSources).length).toBeGreaterThan(100);
  });

  it('writes no catalogue text again in the screen texts', () => {
    const texts = new Set(Object.values(CODES).map((info) => info.text));
    texts.delete(''); // the silent codes
    // gate-titles.ts is where the gate codes' texts are defined (codes.ts refers to it).
    const screens = Object.entries(messageSources).filter(
      ([file]) => !file.endsWith('gate-titles.ts'),
    );
    const copies = screens.flatMap(([file, source]) =>
      literalsOf(source)
        .filter((literal) => texts.has(literal))
        .map((literal) => `${file}: ${literal}`),
    );
    expect(copies).toEqual([]);
  });

  it('defines the initials of an avatar and the company-level role set only in the contracts', () => {
    const offenders = Object.entries(appSources)
      .filter(
        ([, source]) =>
          /function initials\(/.test(source) ||
          /\[\s*'owner',\s*'admin'\s*\]|\[\s*'admin',\s*'owner'\s*\]/.test(source),
      )
      .map(([file]) => file);
    expect(offenders).toEqual([]);
  });
});
