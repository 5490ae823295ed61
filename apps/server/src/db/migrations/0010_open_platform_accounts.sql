-- The open platform accounts (deposits, withdrawals, adjustments, operator_funding) no longer keep a
-- stored balance: theirs is derived from their transfers when read, so postings do not all queue on
-- their rows. The derived balance equals what was stored, so nothing about the money changes.
UPDATE "ledger_accounts" SET "balance_cents" = 0
WHERE "user_id" IS NULL AND "kind" IN ('deposits', 'withdrawals', 'adjustments', 'operator_funding');
