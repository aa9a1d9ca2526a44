-- Decision 041: admins hear of a changed corridor form in the bell; a draft batch keeps what changed
-- under it until it is validated again.
ALTER TABLE "staff_notifications" DROP CONSTRAINT "staff_notifications_kind_check";--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "form_changed" jsonb;--> statement-breakpoint
ALTER TABLE "staff_notifications" ADD CONSTRAINT "staff_notifications_kind_check" CHECK ("staff_notifications"."kind" in ('payout_awaiting_approval', 'policy_change_proposed', 'batch_awaiting_approval', 'metadata_changed'));