-- Decision 014: the payee book. Payment details sealed, masked view and keyed
-- fingerprint in clear; changes of details wait for a second person; payouts name their beneficiary.
CREATE TABLE "beneficiaries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"reference" text NOT NULL,
	"email" text,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"state" text,
	"payout_method_type" text NOT NULL,
	"provider" text NOT NULL,
	"details_sealed" text NOT NULL,
	"details_masked" jsonb NOT NULL,
	"fingerprint" text,
	"card_fields_required" boolean DEFAULT false NOT NULL,
	"search_text" text NOT NULL,
	"status" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" uuid NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"payouts_count" integer DEFAULT 0 NOT NULL,
	"last_paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "beneficiary_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"beneficiary_id" uuid NOT NULL,
	"status" text NOT NULL,
	"details_sealed" text,
	"details_masked" jsonb NOT NULL,
	"diff" jsonb NOT NULL,
	"fingerprint" text,
	"card_fields_required" boolean DEFAULT false NOT NULL,
	"proposed_by" uuid NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "beneficiary_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "beneficiary_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"beneficiary_id" uuid NOT NULL,
	"type" text NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "beneficiary_id" uuid;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiary_changes" ADD CONSTRAINT "beneficiary_changes_beneficiary_id_beneficiaries_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."beneficiaries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiary_changes" ADD CONSTRAINT "beneficiary_changes_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiary_changes" ADD CONSTRAINT "beneficiary_changes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiary_events" ADD CONSTRAINT "beneficiary_events_beneficiary_id_beneficiaries_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."beneficiaries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "beneficiaries_reference_key" ON "beneficiaries" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "beneficiaries_name_id_idx" ON "beneficiaries" USING btree (lower("display_name"),"id");--> statement-breakpoint
CREATE INDEX "beneficiaries_search_trgm_idx" ON "beneficiaries" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "beneficiaries_fingerprint_idx" ON "beneficiaries" USING btree ("fingerprint") WHERE "beneficiaries"."status" <> 'archived';--> statement-breakpoint
CREATE INDEX "beneficiaries_corridor_idx" ON "beneficiaries" USING btree ("country","currency");--> statement-breakpoint
CREATE INDEX "beneficiaries_provider_idx" ON "beneficiaries" USING btree ("provider");--> statement-breakpoint
CREATE INDEX "beneficiaries_status_idx" ON "beneficiaries" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "beneficiary_changes_one_pending" ON "beneficiary_changes" USING btree ("beneficiary_id") WHERE "beneficiary_changes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "beneficiary_changes_beneficiary_idx" ON "beneficiary_changes" USING btree ("beneficiary_id","proposed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "beneficiary_events_beneficiary_idx" ON "beneficiary_events" USING btree ("beneficiary_id","at","id");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_beneficiary_id_beneficiaries_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."beneficiaries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_beneficiary_created_idx" ON "payouts" USING btree ("beneficiary_id","created_at" DESC NULLS LAST) WHERE "payouts"."beneficiary_id" is not null;