-- CreateIndex
CREATE INDEX "access_company_id_email_user_id_idx" ON "access"("company_id", "email", "user_id");

-- CreateIndex
CREATE INDEX "login_attempts_username_at_idx" ON "login_attempts"("username", "at");
