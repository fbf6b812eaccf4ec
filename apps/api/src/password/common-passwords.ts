import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The blocklist of common and breached passwords: the ~49,000 most frequent passwords of public
 * breach corpora, as the zxcvbn-ts project ships them (offline: nothing leaves the server).
 * Compared case-insensitively, so "Password1" is as refused as "password1". Built on first use
 * (a few milliseconds, a few megabytes), then kept.
 */
let blocklist: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  blocklist ??= new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));
  return blocklist.has(password.toLowerCase());
}
