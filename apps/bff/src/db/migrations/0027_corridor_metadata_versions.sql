-- Decision 041: each corridor's payout metadata kept as a version whenever it changes, with what
-- changed against the version before (a PSP left, a field appeared, a hint changed).
CREATE TABLE "corridor_metadata_versions" (
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"version" integer NOT NULL,
	"digest" text NOT NULL,
	"providers" jsonb NOT NULL,
	"unsupported" jsonb NOT NULL,
	"changes" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "corridor_metadata_versions_country_currency_version_pk" PRIMARY KEY("country","currency","version")
);
