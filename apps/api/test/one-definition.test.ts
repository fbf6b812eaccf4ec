import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CODES } from '@portico/contracts';

/**
 * One definition per text and rule (issue 12, item 14): a catalogue text is written once, in
 * codes.ts, and every screen text that says the same refers to it; the avatar's initials and the
 * company-level role ids live in the contracts only. Read from the sources as text, so a copy
 * pasted back in fails here.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../../..');

/** Every file under `dir` whose name passes `keep`, by path, as text. */
function sourcesIn(dir: string, keep: (file: string) => boolean): Record<string, string> {
  const found: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && keep(file)) found[path.relative(repo, file)] = readFileSync(file, 'utf8');
  }
  return found;
}

const messageSources = sourcesIn(path.join(repo, 'packages/contracts/src/messages'), (f) =>
  f.endsWith('.ts'),
);
const appSources = {
  ...sourcesIn(path.join(repo, 'apps/api/src'), isAppSource),
  ...sourcesIn(path.join(repo, 'apps/portal/src'), isAppSource),
};

function isAppSource(file: string): boolean {
  return (
    /\.(ts|tsx)$/.test(file) &&
    !/\.test\.tsx?$/.test(file) &&
    !file.includes(`${path.sep}demo${path.sep}`)
  );
}

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
    const texts = new Set<string>(Object.values(CODES).map((info) => info.text));
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
