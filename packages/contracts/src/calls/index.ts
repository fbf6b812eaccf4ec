import type { CallDefinition } from '../call.js';
import * as auth from './auth.js';
import * as session from './session.js';
import * as devices from './devices.js';
import * as mfa from './mfa.js';
import * as passkeys from './passkeys.js';
import * as totp from './totp.js';
import * as profile from './profile.js';
import * as company from './company.js';
import * as forgot from './forgot.js';
import * as password from './password.js';
import * as register from './register.js';
import * as invites from './invites.js';
import * as users from './users.js';
import * as roles from './roles.js';
import * as branches from './branches.js';
import * as apps from './apps.js';
import * as clients from './clients.js';
import * as companies from './companies.js';
import * as ipLists from './ip-lists.js';
import * as subscriptions from './subscriptions.js';
import * as files from './files.js';
import * as exchange from './exchange.js';
import * as health from './health.js';
import * as vitals from './vitals.js';
import * as audit from './audit.js';

/** Every call of the API, grouped by capability. */
export const calls = {
  auth,
  session,
  devices,
  mfa,
  passkeys,
  totp,
  profile,
  company,
  forgot,
  password,
  register,
  invites,
  users,
  roles,
  branches,
  apps,
  clients,
  companies,
  ipLists,
  subscriptions,
  files,
  exchange,
  health,
  vitals,
  audit,
} as const;

/**
 * Every call in one list: the API registers from it, the docs and the tests walk it. Groups keep
 * the order above; within a group calls are sorted by id, because the key order of a module
 * namespace differs between native ESM (sorted) and bundlers (source order).
 */
export const allCalls: readonly CallDefinition[] = Object.values(calls).flatMap((group) =>
  Object.values(group)
    .filter(isCall)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
);

/** Capability modules also export schemas and helpers; a call is what defineCall returned. */
function isCall(value: unknown): value is CallDefinition {
  return (
    typeof value === 'object' &&
    value !== null &&
    'id' in value &&
    'path' in value &&
    'method' in value &&
    'answer' in value
  );
}

/** A call by its id, for tests and tools. */
export function callById(id: string): CallDefinition | undefined {
  return allCalls.find((call) => call.id === id);
}
