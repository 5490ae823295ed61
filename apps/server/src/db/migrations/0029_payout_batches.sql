-- Bitcoin payouts as one PSBT per batch (issue 29): the outputs a batch spends are locked while it is
-- open or on chain, so two batches never spend the same output; its withdrawals are paid when the
-- follower sees its inputs spent by its transaction, deep enough, and released when another
-- transaction spends one of them.
CREATE TABLE "payout_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"txid" text NOT NULL,
	"psbt" text NOT NULL,
	"fee_rate_sat_per_vbyte" integer NOT NULL,
	"fee_base_units" bigint NOT NULL,
	"change_index" integer,
	"change_address" text,
	"change_base_units" bigint DEFAULT 0 NOT NULL,
	"wallet_xpub" text NOT NULL,
	"node_answer" text,
	"block_height" bigint,
	"confirmations" integer,
	"created_by" uuid REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"broadcast_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "payout_batches_state_check" CHECK ("state" IN ('open', 'broadcast', 'confirmed', 'dropped', 'cancelled')),
	CONSTRAINT "payout_batches_fee_check" CHECK ("fee_base_units" > 0 AND "fee_rate_sat_per_vbyte" > 0),
	CONSTRAINT "payout_batches_change_check" CHECK (("change_index" IS NULL) = ("change_address" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batches_txid_idx" ON "payout_batches" ("txid");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batches_change_idx" ON "payout_batches" ("wallet_xpub", "change_index");--> statement-breakpoint
CREATE INDEX "payout_batches_live_idx" ON "payout_batches" ("created_at") WHERE "state" IN ('open', 'broadcast');--> statement-breakpoint
CREATE TABLE "payout_batch_inputs" (
	"batch_id" uuid NOT NULL REFERENCES "payout_batches"("id"),
	"txid" text NOT NULL,
	"vout" integer NOT NULL,
	"address" text NOT NULL,
	"script_hex" text NOT NULL,
	"amount_base_units" bigint NOT NULL,
	"is_locked" boolean DEFAULT true NOT NULL,
	CONSTRAINT "payout_batch_inputs_pkey" PRIMARY KEY ("batch_id", "txid", "vout")
);
--> statement-breakpoint
-- An output belongs to one live batch at most.
CREATE UNIQUE INDEX "payout_batch_inputs_locked_idx" ON "payout_batch_inputs" ("txid", "vout") WHERE "is_locked";--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_batch_id" uuid REFERENCES "payout_batches"("id");--> statement-breakpoint
CREATE INDEX "withdrawals_payout_batch_idx" ON "withdrawals" ("payout_batch_id") WHERE "payout_batch_id" IS NOT NULL;
