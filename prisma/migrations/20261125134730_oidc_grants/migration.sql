-- AlterTable
ALTER TABLE "clients" ADD COLUMN     "oidc_access_token_ttl" INTEGER NOT NULL DEFAULT 600,
ADD COLUMN     "oidc_auth_method" TEXT NOT NULL DEFAULT 'client_secret_basic',
ADD COLUMN     "oidc_backchannel_logout_uri" TEXT,
ADD COLUMN     "oidc_fapi2" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "oidc_grant_types" TEXT[] DEFAULT ARRAY['authorization_code', 'refresh_token']::TEXT[],
ADD COLUMN     "oidc_jwks_uri" TEXT,
ADD COLUMN     "oidc_post_logout_redirect_uris" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "oidc_refresh_token_ttl" INTEGER NOT NULL DEFAULT 86400;

-- CreateTable
CREATE TABLE "oidc_grants" (
    "grant_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "device_id" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "company_id" TEXT NOT NULL,
    "session_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oidc_grants_pkey" PRIMARY KEY ("grant_id")
);

-- CreateIndex
CREATE INDEX "oidc_grants_user_id_device_id_idx" ON "oidc_grants"("user_id", "device_id");

-- CreateIndex
CREATE INDEX "oidc_grants_client_id_idx" ON "oidc_grants"("client_id");

-- CreateIndex
CREATE INDEX "oidc_grants_company_id_idx" ON "oidc_grants"("company_id");

-- AddForeignKey
ALTER TABLE "oidc_grants" ADD CONSTRAINT "oidc_grants_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oidc_grants" ADD CONSTRAINT "oidc_grants_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oidc_grants" ADD CONSTRAINT "oidc_grants_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oidc_grants" ADD CONSTRAINT "oidc_grants_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
