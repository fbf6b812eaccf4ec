-- CreateTable
CREATE TABLE "oidc_records" (
    "model" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "grant_id" TEXT,
    "user_code" TEXT,
    "uid" TEXT,
    "expires_at" TIMESTAMPTZ(3),
    "consumed_at" TIMESTAMPTZ(3),

    CONSTRAINT "oidc_records_pkey" PRIMARY KEY ("model","id")
);

-- CreateIndex
CREATE INDEX "oidc_records_grant_id_idx" ON "oidc_records"("grant_id");

-- CreateIndex
CREATE INDEX "oidc_records_model_uid_idx" ON "oidc_records"("model", "uid");

-- CreateIndex
CREATE INDEX "oidc_records_model_user_code_idx" ON "oidc_records"("model", "user_code");

-- CreateIndex
CREATE INDEX "oidc_records_expires_at_idx" ON "oidc_records"("expires_at");
