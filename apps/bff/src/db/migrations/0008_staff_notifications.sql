CREATE TABLE "staff_notification_mails" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "staff_notification_mails_kind_check" CHECK ("staff_notification_mails"."kind" in ('single', 'digest')),
	CONSTRAINT "staff_notification_mails_state_check" CHECK ("staff_notification_mails"."state" in ('pending', 'sent', 'failed', 'dropped'))
);
--> statement-breakpoint
CREATE TABLE "staff_notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"target_id" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link_path" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"mail_id" uuid,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "staff_notifications_kind_check" CHECK ("staff_notifications"."kind" in ('payout_awaiting_approval', 'policy_change_proposed'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notification_digest" text DEFAULT 'immediate' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_notification_mails" ADD CONSTRAINT "staff_notification_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notifications" ADD CONSTRAINT "staff_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notifications" ADD CONSTRAINT "staff_notifications_mail_id_staff_notification_mails_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."staff_notification_mails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_notification_mails_due_idx" ON "staff_notification_mails" USING btree ("due_at") WHERE "staff_notification_mails"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "staff_notification_mails_digest_key" ON "staff_notification_mails" USING btree ("user_id","due_at") WHERE "staff_notification_mails"."kind" = 'digest';--> statement-breakpoint
CREATE INDEX "staff_notifications_user_created_idx" ON "staff_notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_notifications_unread_idx" ON "staff_notifications" USING btree ("user_id") WHERE "staff_notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "staff_notifications_mail_idx" ON "staff_notifications" USING btree ("mail_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_notification_digest_check" CHECK ("users"."notification_digest" in ('immediate', 'hourly'));