import { UNSTORABLE_TEXT, isStorableText } from '@portico/contracts';
import { ApiError } from './api-error.js';

function isPlainContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * The dotted path of the first string (or object key) in a validated payload that cannot be
 * stored, '' for the value itself; undefined when there is none. Iterative, so no nesting depth
 * can exhaust the stack; only plain objects and arrays are entered (not files or streams).
 */
export function unstorableField(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [item, path] = stack.pop() as [unknown, string];
    if (typeof item === 'string') {
      if (!isStorableText(item)) return path;
      continue;
    }
    if (!isPlainContainer(item)) continue;
    for (const [key, child] of Object.entries(item)) {
      const at = path === '' ? key : `${path}.${key}`;
      if (!isStorableText(key)) return at;
      stack.push([child, at]);
    }
  }
  return undefined;
}

/** Throws `incomplete_param` for the first unstorable field of a call's body, query or params. */
export function assertStorable(input: { body?: unknown; query?: unknown; params?: unknown }): void {
  for (const part of [input.body, input.query, input.params]) {
    const field = unstorableField(part);
    if (field !== undefined) {
      throw new ApiError('incomplete_param', {
        fields: { [field || '(payload)']: UNSTORABLE_TEXT },
      });
    }
  }
}
