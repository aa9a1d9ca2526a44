-- Decision 042: wrong second-factor codes lock one session from one address, not the factor for every session. Counts kept per user alone no longer mean anything: they go.
DELETE FROM "staff_factor_failures";--> statement-breakpoint
ALTER TABLE "staff_factor_failures" DROP CONSTRAINT "staff_factor_failures_user_id_method_pk";--> statement-breakpoint
ALTER TABLE "staff_factor_failures" ADD COLUMN "scope" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_factor_failures" ADD CONSTRAINT "staff_factor_failures_user_id_method_scope_pk" PRIMARY KEY("user_id","method","scope");
