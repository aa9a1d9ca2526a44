CREATE TABLE "approval_policy_proposals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"base_version" integer NOT NULL,
	"policy" jsonb NOT NULL,
	"changes" jsonb NOT NULL,
	"note" text,
	"proposed_by" uuid NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reason" text,
	CONSTRAINT "approval_policy_proposals_status_check" CHECK ("approval_policy_proposals"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "approval_policy_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"policy" jsonb NOT NULL,
	"proposal_id" uuid,
	"proposed_by" uuid,
	"approved_by" uuid,
	"active_since" timestamp with time zone NOT NULL,
	CONSTRAINT "approval_policy_versions_version_positive" CHECK ("approval_policy_versions"."version" > 0)
);
--> statement-breakpoint
ALTER TABLE "approval_policy_proposals" ADD CONSTRAINT "approval_policy_proposals_base_version_approval_policy_versions_version_fk" FOREIGN KEY ("base_version") REFERENCES "public"."approval_policy_versions"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_policy_proposals" ADD CONSTRAINT "approval_policy_proposals_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_policy_proposals" ADD CONSTRAINT "approval_policy_proposals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_policy_versions" ADD CONSTRAINT "approval_policy_versions_proposal_id_approval_policy_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."approval_policy_proposals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_policy_versions" ADD CONSTRAINT "approval_policy_versions_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_policy_versions" ADD CONSTRAINT "approval_policy_versions_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_policy_proposals_one_pending" ON "approval_policy_proposals" USING btree ("status") WHERE "approval_policy_proposals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "approval_policy_proposals_decided_idx" ON "approval_policy_proposals" USING btree ("decided_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "approval_policy_versions_proposal_key" ON "approval_policy_versions" USING btree ("proposal_id");