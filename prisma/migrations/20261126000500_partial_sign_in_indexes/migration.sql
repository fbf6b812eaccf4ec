-- Index entries a successful sign-in no longer writes (issue 16). Every sign-in inserts a
-- session, an audit event and a login_attempts row; these indexes serve only rows the sign-in
-- does not have, so they now hold only those (partial indexes; the queries' own conditions
-- imply each predicate, so their plans are unchanged):
-- - login_attempts by IP and by username: only failures are ever counted (credential stuffing
--   per IP, an unknown username's failures), never a success;
-- - audit_events by company: a sign-in's event has no company; events are filtered by one;
-- - sessions by current company: a session starts without one (the company choice sets it);
--   the stamps' triggers and the foreign key look sessions up by a company.
-- schema.prisma keeps them as plain @@index (Prisma's schema has no index predicate).

DROP INDEX "login_attempts_ip_at_idx";
CREATE INDEX "login_attempts_ip_at_idx" ON "login_attempts"("ip", "at") WHERE NOT "success";

DROP INDEX "login_attempts_username_at_idx";
CREATE INDEX "login_attempts_username_at_idx" ON "login_attempts"("username", "at") WHERE NOT "success";

DROP INDEX "audit_events_company_id_at_id_idx";
CREATE INDEX "audit_events_company_id_at_id_idx" ON "audit_events"("company_id", "at", "id") WHERE "company_id" IS NOT NULL;

DROP INDEX "sessions_current_company_id_idx";
CREATE INDEX "sessions_current_company_id_idx" ON "sessions"("current_company_id") WHERE "current_company_id" IS NOT NULL;
