-- CreateIndex
CREATE INDEX "refresh_families_expires_at_idx" ON "refresh_families"("expires_at");

-- CreateIndex
CREATE INDEX "refresh_tokens_expires_at_idx" ON "refresh_tokens"("expires_at");
