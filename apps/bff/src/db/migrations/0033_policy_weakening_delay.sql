-- Decision 042: a policy change that lets some payout through with less approval is scheduled, not applied, and any admin can cancel it before it takes effect.
ALTER TABLE "approval_policy_proposals" DROP CONSTRAINT "approval_policy_proposals_status_check";--> statement-breakpoint
ALTER TABLE "staff_notifications" DROP CONSTRAINT "staff_notifications_kind_check";--> statement-breakpoint
ALTER TABLE "approval_policy_proposals" ADD COLUMN "effective_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "approval_policy_proposals" ADD COLUMN "weakening" text;--> statement-breakpoint
ALTER TABLE "approval_policy_proposals" ADD COLUMN "cancelled_by" uuid;--> statement-breakpoint
ALTER TABLE "approval_policy_proposals" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "approval_policy_proposals" ADD CONSTRAINT "approval_policy_proposals_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_policy_proposals_one_scheduled" ON "approval_policy_proposals" USING btree ("status") WHERE "approval_policy_proposals"."status" = 'scheduled';--> statement-breakpoint
ALTER TABLE "approval_policy_proposals" ADD CONSTRAINT "approval_policy_proposals_status_check" CHECK ("approval_policy_proposals"."status" in ('pending', 'scheduled', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "staff_notifications" ADD CONSTRAINT "staff_notifications_kind_check" CHECK ("staff_notifications"."kind" in ('payout_awaiting_approval', 'policy_change_proposed', 'batch_awaiting_approval', 'metadata_changed', 'user_change_proposed', 'factor_enrolled', 'policy_change_scheduled'));