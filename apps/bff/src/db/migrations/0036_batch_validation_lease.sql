-- Decision 042: one validation of a batch at a time, in any process: a lease on the batch.
ALTER TABLE "batches" ADD COLUMN "validating_until" timestamp with time zone;