-- Decision 042: privileged changes of staff accounts wait for a second admin.
CREATE TABLE "user_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"name" text,
	"role" text,
	"from_role" text,
	"password_hash" text,
	"proposed_by" uuid NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reason" text,
	CONSTRAINT "user_changes_kind_check" CHECK ("user_changes"."kind" in ('create', 'role', 'enable', 'password_reset', 'factor_reset')),
	CONSTRAINT "user_changes_status_check" CHECK ("user_changes"."status" in ('pending', 'approved', 'rejected', 'withdrawn', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "staff_notifications" DROP CONSTRAINT "staff_notifications_kind_check";--> statement-breakpoint
ALTER TABLE "user_changes" ADD CONSTRAINT "user_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_changes" ADD CONSTRAINT "user_changes_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_changes" ADD CONSTRAINT "user_changes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_changes_one_pending_per_user" ON "user_changes" USING btree ("user_id","kind") WHERE "user_changes"."status" = 'pending' and "user_changes"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "user_changes_one_pending_per_email" ON "user_changes" USING btree ("email") WHERE "user_changes"."status" = 'pending' and "user_changes"."kind" = 'create';--> statement-breakpoint
CREATE INDEX "user_changes_proposed_idx" ON "user_changes" USING btree ("proposed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "staff_notifications" ADD CONSTRAINT "staff_notifications_kind_check" CHECK ("staff_notifications"."kind" in ('payout_awaiting_approval', 'policy_change_proposed', 'batch_awaiting_approval', 'metadata_changed', 'user_change_proposed'));