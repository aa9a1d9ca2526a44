CREATE TABLE "payout_stats_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"payout_method_type" text NOT NULL,
	"is_test" boolean NOT NULL,
	"status" text NOT NULL,
	"decline_code" text DEFAULT '' NOT NULL,
	"decline_reason" text DEFAULT '' NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"amount" numeric DEFAULT '0' NOT NULL,
	"final_hist" bigint[] NOT NULL,
	CONSTRAINT "payout_stats_hourly_pkey" PRIMARY KEY("hour","country","currency","provider","payout_method_type","is_test","status","decline_code","decline_reason")
);
--> statement-breakpoint
CREATE TABLE "payout_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"state" jsonb NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "final_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "default_payout_view_id" uuid;--> statement-breakpoint
ALTER TABLE "payout_views" ADD CONSTRAINT "payout_views_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_views_owner_name_key" ON "payout_views" USING btree ("owner_id",lower("name"));--> statement-breakpoint
CREATE INDEX "payout_views_shared_idx" ON "payout_views" USING btree ("shared") WHERE "payout_views"."shared";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_default_payout_view_id_payout_views_id_fk" FOREIGN KEY ("default_payout_view_id") REFERENCES "public"."payout_views"("id") ON DELETE set null ON UPDATE no action;