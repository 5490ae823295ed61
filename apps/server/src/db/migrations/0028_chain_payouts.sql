-- Payouts the chain proves (issue 29): the coin amount and rate fixed at approval, and the payout's
-- state. On a coin whose node Vestora reads, an approved withdrawal waits for the transaction that
-- pays it ('awaitingPayment'), follows it to its confirmations ('broadcast') and only then is paid;
-- elsewhere staff mark it paid with a reference, recorded as unverified.
ALTER TABLE "withdrawals" ADD COLUMN "payout_state" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "coin_amount_base_units" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "usd_cents_per_coin" bigint;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_settlement_key" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_block_height" bigint;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_confirmations" integer;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "required_confirmations" integer;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
UPDATE "withdrawals" SET "payout_state" = 'paid', "paid_at" = "decided_at" WHERE "status" = 'approved';--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_payout_state_check" CHECK (
  ("status" = 'approved') = ("payout_state" IS NOT NULL)
  AND "payout_state" IN ('awaitingPayment', 'broadcast', 'paid')
);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_payout_verified_check" CHECK (
  NOT "payout_verified" OR "payout_settlement_key" IS NOT NULL
);--> statement-breakpoint
-- One on-chain payment (a native transfer, or one token Transfer event) pays one withdrawal.
CREATE UNIQUE INDEX "withdrawals_payout_settlement_key_idx" ON "withdrawals" ("payout_settlement_key");--> statement-breakpoint
CREATE INDEX "withdrawals_broadcast_idx" ON "withdrawals" ("created_at") WHERE "payout_state" = 'broadcast';
