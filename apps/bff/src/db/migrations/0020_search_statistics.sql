-- Decision 037: the search reads a beginning's range of its index, or walks the list's order when
-- the beginning is common; the planner tells the two apart from the histogram of each indexed
-- expression. With the default 101 bounds any beginning rarer than one in a hundred rows falls
-- between two bounds and is guessed at 0.01 %: at three million payouts `ord-9a` (0.4 %, 11,700
-- rows) was planned as 300 and read from its range. 1,001 bounds tell 0.1 % apart. ANALYZE then
-- samples 300,000 rows instead of 30,000 (20 s instead of 1 s at three million payouts).
ALTER INDEX "payouts_order_id_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ALTER INDEX "payouts_recipient_email_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ALTER INDEX "payouts_recipient_name_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "payouts";
