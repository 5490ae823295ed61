-- A statement reads one account's transfers in time order, page after page from a key: each side's
-- index now carries that order, so a page deep into a long history costs what the first one does.
-- The old single-column indexes are the leading column of the new ones.
CREATE INDEX "ledger_transfers_credit_order_idx" ON "ledger_transfers" USING btree ("credit_account_id", "created_at", "id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_order_idx" ON "ledger_transfers" USING btree ("debit_account_id", "created_at", "id");--> statement-breakpoint
DROP INDEX "ledger_transfers_credit_idx";--> statement-breakpoint
DROP INDEX "ledger_transfers_debit_idx";
