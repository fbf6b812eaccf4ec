-- AlterTable
ALTER TABLE "totp_factors" ADD COLUMN     "pending_failed_count" INTEGER NOT NULL DEFAULT 0;

-- Confirmation codes tried on the pending set-up (apps/api/src/mfa/totp/factor.ts, confirmTotp):
-- each is claimed here before it is checked, against the session client's login_retry_limit,
-- and the wrong one that reaches it discards the set-up. A new set-up starts it at 0. The app in
-- use keeps its own count (failed_count) for the codes of the sign-in.
