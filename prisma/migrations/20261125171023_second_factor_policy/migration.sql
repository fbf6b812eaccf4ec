-- AlterTable
ALTER TABLE "clients" ADD COLUMN     "second_factor_required" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "companies" ADD COLUMN     "second_factor_required" BOOLEAN NOT NULL DEFAULT false;
