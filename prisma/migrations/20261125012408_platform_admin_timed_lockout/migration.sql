-- AlterTable
ALTER TABLE "users" ADD COLUMN     "locked_until" TIMESTAMPTZ(3);
