-- Decision 042: when a factor was enrolled in a session; its step-up counts only later.
ALTER TABLE "sessions" ADD COLUMN "factor_enrolled_at" timestamp with time zone;