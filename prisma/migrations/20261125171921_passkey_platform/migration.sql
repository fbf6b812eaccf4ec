-- AlterTable
ALTER TABLE "passkey_credentials" ADD COLUMN     "platform" BOOLEAN NOT NULL DEFAULT false;

-- Passkeys registered before the browser's attachment was kept: the platform ones say
-- `internal` in their transports. The users' flag follows them (docs/mfa.md).
UPDATE "passkey_credentials" SET "platform" = true WHERE 'internal' = ANY ("transports");
UPDATE "users" u SET "biometrics_enabled" = EXISTS (
  SELECT 1 FROM "passkey_credentials" k WHERE k."user_id" = u."id" AND k."platform"
);
