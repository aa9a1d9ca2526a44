-- Decision 037: search (`q`) also finds a payout by the last 4 digits of its card or account
-- number, by the beginning of the PSP's transaction id, and by the end of its order id. Same
-- shape as 0018's indexes: one range per term, newest first, INCLUDE (hand-written) so a common
-- term is sorted from the index alone; 1,000 statistics targets on the expressions (0020) and an
-- ANALYZE, so the planner tells a rare term from a common one.
ALTER TABLE "payouts" ADD COLUMN "account_last4" text;--> statement-breakpoint
-- Payouts made before: the last 4 characters their masked card or account number shows (a card
-- keeps its first 6 and last 4, an account of 8 characters or more its last 4).
UPDATE "payouts" SET "account_last4" = (
  SELECT upper(right(regexp_replace(m.value, '[^0-9A-Za-z]', '', 'g'), 4))
  FROM jsonb_each_text("payouts"."metadata") AS m
  WHERE m.key ~* '(card_?number|^pan$|account_?number|iban)' AND m.value ~ '[0-9A-Za-z]{4}$'
  ORDER BY m.key
  LIMIT 1
);--> statement-breakpoint
CREATE INDEX "payouts_order_id_suffix_search_idx" ON "payouts" USING btree (reverse(lower("order_id")) text_pattern_ops,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("order_id");--> statement-breakpoint
ALTER INDEX "payouts_order_id_suffix_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX "payouts_psp_transaction_id_search_idx" ON "payouts" USING btree (lower("psp_transaction_id") text_pattern_ops,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("psp_transaction_id");--> statement-breakpoint
ALTER INDEX "payouts_psp_transaction_id_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX "payouts_account_last4_search_idx" ON "payouts" USING btree ("account_last4","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "payouts"."account_last4" is not null;--> statement-breakpoint
ANALYZE "payouts";
