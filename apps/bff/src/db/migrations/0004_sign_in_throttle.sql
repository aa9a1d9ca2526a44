-- Failed sign-ins counted in the database, so every BFF process sharing it sees the same
-- counts (docs/decisions/010-sign-in-throttle-in-the-database.md).
CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hits_reset_at_idx" ON "rate_limit_hits" USING btree ("reset_at");