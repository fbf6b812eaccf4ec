import { calls, isSuccess, type CallDefinition, type ErrorCode } from '@portico/contracts';

/** Answers that mean the session has idled out or ended (specification, section 4). */
const SESSION_END_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  'session_expired',
  'session_invalid',
]);

/**
 * Calls whose answers never raise the session-expired state (section 4): they deal with a
 * missing or expired session themselves. Authentication is the whole `auth` capability (sign-in,
 * re-authentication, auto-login, company choice, session details, sign-out and the landing icon)
 * and the passkey challenge of re-authentication; then registration, forgot password and the
 * invite details.
 */
const EXEMPT_CALLS: ReadonlySet<string> = new Set(
  [
    ...callsIn(calls.auth),
    calls.passkeys.authOptions,
    ...callsIn(calls.register),
    ...callsIn(calls.forgot),
    calls.invites.details,
  ].map((call) => call.id),
);

function callsIn(group: Record<string, unknown>): CallDefinition[] {
  return Object.values(group).filter(
    (value): value is CallDefinition =>
      typeof value === 'object' && value !== null && 'id' in value && 'path' in value,
  );
}

export function isExemptFromSessionExpiry(callId: string): boolean {
  return EXEMPT_CALLS.has(callId);
}

export interface SessionExpiryWatch {
  /** Looks at one answer's code; raises the state at most once until a 200 arrives. */
  observe(callId: string, code: string): void;
  /** Calls `listener` each time the state is raised; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/**
 * The global answer rule: any answer with session_expired or session_invalid raises the
 * session-expired state once, except for the exempt calls; the once-only flag resets on any 200.
 */
export function createSessionExpiryWatch(): SessionExpiryWatch {
  let raised = false;
  const listeners = new Set<() => void>();
  return {
    observe(callId, code) {
      if (isSuccess(code)) {
        raised = false;
        return;
      }
      if (raised || !SESSION_END_CODES.has(code) || isExemptFromSessionExpiry(callId)) return;
      raised = true;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
