-- DropIndex
DROP INDEX "audit_events_action_at_idx";

-- DropIndex
DROP INDEX "audit_events_actor_id_at_idx";

-- DropIndex
DROP INDEX "audit_events_client_id_idx";

-- DropIndex
DROP INDEX "audit_events_company_id_at_idx";

-- CreateIndex
CREATE INDEX "audit_events_at_id_idx" ON "audit_events"("at", "id");

-- CreateIndex
CREATE INDEX "audit_events_company_id_at_id_idx" ON "audit_events"("company_id", "at", "id");

-- CreateIndex
CREATE INDEX "audit_events_actor_id_at_id_idx" ON "audit_events"("actor_id", "at", "id");

-- CreateIndex
CREATE INDEX "audit_events_client_id_at_id_idx" ON "audit_events"("client_id", "at", "id");

-- CreateIndex
CREATE INDEX "audit_events_action_at_id_idx" ON "audit_events"("action", "at", "id");

-- CreateIndex
CREATE INDEX "audit_events_ip_at_id_idx" ON "audit_events"("ip", "at", "id");

-- CreateIndex
CREATE INDEX "audit_events_target_at_id_idx" ON "audit_events"("target", "at", "id");
