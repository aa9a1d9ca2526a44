-- Substring search (`q`) on order id, recipient name and email: trigram GIN indexes. pg_trgm
-- ships with PostgreSQL (contrib) and PGlite; creating it needs a role allowed to (the owner).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "payouts_order_id_trgm_idx" ON "payouts" USING gin ("order_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payouts_recipient_name_trgm_idx" ON "payouts" USING gin ("recipient_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payouts_recipient_email_trgm_idx" ON "payouts" USING gin ("recipient_email" gin_trgm_ops);