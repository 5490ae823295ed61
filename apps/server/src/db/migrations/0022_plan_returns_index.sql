-- Every profile read sums the plan returns credited to the user. Through the credit index that
-- walked every transfer the user ever received (a user with 32,000 credits: 85 reads/s instead of
-- 24,000, pgbench, 16 clients); this partial index holds the plan returns alone, with their amounts,
-- so the sum is an index-only scan of those entries. Drizzle cannot declare INCLUDE, hence the SQL.
CREATE INDEX "ledger_transfers_plan_returns_idx" ON "ledger_transfers" USING btree ("credit_account_id")
  INCLUDE ("amount_cents") WHERE kind = 'plan_return';
