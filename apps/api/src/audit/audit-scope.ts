import type { SessionContext } from '../sessions/session-guard.js';
import { isPlatformAdmin } from '../sessions/session-guard.js';

/**
 * Whose events a caller reads: a platform administrator every company's (`null`), any other
 * company owner or admin only the session's current company's. Taken from the guarded session
 * alone, never from the payload, so no filter can widen it.
 */
export interface AuditScope {
  companyId: string | null;
}

export function auditScopeOf(session: SessionContext): AuditScope {
  if (isPlatformAdmin(session)) return { companyId: null };
  if (session.companyId === null) throw new Error('auditScopeOf: a company-admin without company');
  return { companyId: session.companyId };
}
