-- Decision 013: notifications about one payout ask for its status a few times
-- per window; growing sign-in delays count from the latest failure; the approval cooldown asks
-- the audit log what was done to one user, and by whom.
ALTER TABLE "payouts" ADD COLUMN "notification_checks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "notification_window_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rate_limit_hits" ADD COLUMN "last_hit_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id","at" DESC NULLS LAST);