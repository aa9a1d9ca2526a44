-- Decision 040: resolving an unknown payout by hand. "Not sent: mark failed" is proposed by one
-- person and confirmed by a second (the request on the row); a payout a person marked failed keeps
-- its order id taken, since it may exist at the orchestrator after all; "send again" makes one new
-- payout per failed one (resent_from).
DROP INDEX "payouts_order_id_key";--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "mark_failed_requested_by" uuid;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "mark_failed_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "mark_failed_reason" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "marked_failed_by" uuid;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "resent_from" uuid;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_mark_failed_requested_by_users_id_fk" FOREIGN KEY ("mark_failed_requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_marked_failed_by_users_id_fk" FOREIGN KEY ("marked_failed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_resent_from_payouts_id_fk" FOREIGN KEY ("resent_from") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_resent_from_key" ON "payouts" USING btree ("resent_from") WHERE "payouts"."resent_from" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_order_id_key" ON "payouts" USING btree ("order_id") WHERE "payouts"."status" <> 'failed' or "payouts"."marked_failed_by" is not null;