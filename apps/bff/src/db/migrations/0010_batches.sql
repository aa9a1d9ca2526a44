CREATE TABLE "batch_approvals" (
	"batch_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"step" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "batch_approvals_batch_id_user_id_pk" PRIMARY KEY("batch_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "batch_rows" (
	"batch_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"state" text NOT NULL,
	"cells_sealed" text,
	"cells_masked" jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"order_id" text,
	"amount" text,
	"beneficiary_reference" text,
	"claimed_by" text,
	"claimed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "batch_rows_batch_id_row_pk" PRIMARY KEY("batch_id","row")
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"payout_method_type" text NOT NULL,
	"provider" text NOT NULL,
	"columns" jsonb NOT NULL,
	"row_count" integer NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"summary" jsonb,
	"approval_rule" jsonb,
	"rejected_by" uuid,
	"rejected_at" timestamp with time zone,
	"rejection_reason" text,
	"cancelled_by" uuid,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"retry_of" uuid
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "batch_row" integer;--> statement-breakpoint
ALTER TABLE "batch_approvals" ADD CONSTRAINT "batch_approvals_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_approvals" ADD CONSTRAINT "batch_approvals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_rows" ADD CONSTRAINT "batch_rows_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_rejected_by_users_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_retry_of_batches_id_fk" FOREIGN KEY ("retry_of") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "batch_approvals_batch_step_key" ON "batch_approvals" USING btree ("batch_id","step");--> statement-breakpoint
CREATE INDEX "batch_rows_batch_state_idx" ON "batch_rows" USING btree ("batch_id","state");--> statement-breakpoint
CREATE INDEX "batch_rows_order_id_idx" ON "batch_rows" USING btree ("order_id") WHERE "batch_rows"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "batches_created_at_id_idx" ON "batches" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "batches_status_idx" ON "batches" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "batches_live_file_key" ON "batches" USING btree ("file_sha256") WHERE "batches"."status" <> 'cancelled';--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_batch_row_key" ON "payouts" USING btree ("batch_id","batch_row") WHERE "payouts"."batch_id" is not null;