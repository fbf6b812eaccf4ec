-- AlterTable
ALTER TABLE "clients" ADD COLUMN     "oidc_redirect_uris" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "oidc_secret_sealed" TEXT;
