import type { CallDefinition } from '../call.js';
import * as auth from './auth.js';

/** Every call of the API, grouped by capability. */
export const calls = { auth } as const;

/** Every call in one list: the API registers from it, the docs and the tests walk it. */
export const allCalls: readonly CallDefinition[] = Object.values(calls)
  .flatMap((group): unknown[] => Object.values(group))
  .filter(isCall);

function isCall(value: unknown): value is CallDefinition {
  return typeof value === 'object' && value !== null && 'path' in value && 'method' in value;
}
