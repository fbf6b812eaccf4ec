/**
 * The blocklist of common and breached passwords: the ~49,000 most frequent passwords of public
 * breach corpora, as the zxcvbn-ts project ships them (offline: nothing leaves the server).
 * Compared case-insensitively, so "Password1" is as refused as "password1". Loaded and built on
 * first use (a few milliseconds, a few megabytes; not at start: docs/benchmarks.md, "Cold
 * start"), then kept.
 */
let blocklist: Promise<Set<string>> | undefined;

export async function isCommonPassword(password: string): Promise<boolean> {
  blocklist ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((word) => word.toLowerCase())),
  );
  return (await blocklist).has(password.toLowerCase());
}
